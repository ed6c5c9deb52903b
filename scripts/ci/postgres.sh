#!/usr/bin/env bash
# A throwaway PostgreSQL for the insights store's tests (server/insights/store/).
#
#   eval "$(scripts/ci/postgres.sh)"          # start: prints export lines on stdout, progress on stderr
#   scripts/ci/postgres.sh stop               # stop the cluster named by TEST_POSTGRES_DIR and delete it
#
# Installs Debian's postgresql when no initdb/pg_ctl exists under /usr/lib/postgresql/*/bin, makes a
# cluster with initdb in a temp dir (as the postgres user when run as root: initdb refuses root),
# listens on 127.0.0.1 only, on a free port, with a random password, and creates the test database.
set -euo pipefail

log() { printf 'postgres.sh: %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

find_bin_dir() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "${dir}/initdb" ] && [ -x "${dir}/pg_ctl" ]; then
      echo "${dir}"
      return 0
    fi
  done
  return 1
}

# Runs a command as the cluster's owner: postgres when we are root, else ourselves.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "${1:-}" = "stop" ]; then
  dir="${TEST_POSTGRES_DIR:-}"
  [ -n "${dir}" ] && [ -d "${dir}" ] || { log "nothing to stop (TEST_POSTGRES_DIR unset or gone)"; exit 0; }
  bin_dir="$(find_bin_dir)"
  as_owner "${bin_dir}/pg_ctl" -D "${dir}/data" -m fast -w stop >&2 || true
  rm -rf "${dir}"
  log "stopped and removed ${dir}"
  exit 0
fi

if ! bin_dir="$(find_bin_dir)"; then
  log "installing postgresql from Debian"
  # The package would create and start a system cluster on 5432; we only want the binaries.
  as_root mkdir -p /etc/postgresql-common/createcluster.d
  echo 'create_main_cluster = false' | as_root tee /etc/postgresql-common/createcluster.d/no-main-cluster.conf >/dev/null
  as_root apt-get update -qq >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >&2
  bin_dir="$(find_bin_dir)" || { log "postgresql installed, but no initdb under /usr/lib/postgresql/*/bin"; exit 1; }
fi

dir="$(mktemp -d /tmp/vitrine-pg.XXXXXX)"
chmod 755 "${dir}"
if [ "$(id -u)" -eq 0 ]; then chown postgres: "${dir}"; fi
password="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
as_owner sh -c "umask 077 && printf '%s\n' '${password}' > '${dir}/pwfile'"

port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"

log "initdb in ${dir} (PostgreSQL $("${bin_dir}/postgres" --version | awk '{print $3}'), port ${port})"
as_owner "${bin_dir}/initdb" -D "${dir}/data" -U vitrine --pwfile="${dir}/pwfile" --auth-host=scram-sha-256 --auth-local=peer \
  --encoding=UTF8 --locale=C.UTF-8 >/dev/null
rm -f "${dir}/pwfile"
# Throwaway data: no fsync, small shared memory; the socket stays in the temp dir.
as_owner "${bin_dir}/pg_ctl" -D "${dir}/data" -l "${dir}/server.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c shared_buffers=32MB" \
  start >&2

url="postgres://vitrine:${password}@127.0.0.1:${port}/vitrine_test"
PGPASSWORD="${password}" "${bin_dir}/createdb" -h 127.0.0.1 -p "${port}" -U vitrine vitrine_test
log "ready: ${url%%:*}://vitrine:***@127.0.0.1:${port}/vitrine_test"

printf 'export TEST_DATABASE_URL=%q\n' "${url}"
printf 'export TEST_POSTGRES_DIR=%q\n' "${dir}"
