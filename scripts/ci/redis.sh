#!/usr/bin/env bash
# The Redis (or Valkey) server binary for the multi-instance tests (tests/integration/multi-instance.test.ts).
#
#   eval "$(scripts/ci/redis.sh)"     # prints `export TEST_REDIS_BIN=…` on stdout, progress on stderr
#
# Each test file starts its own throwaway server from that binary: 127.0.0.1 only, a free port, a temp dir, no persistence.
# Prefers valkey-server; installs Debian's redis-server when neither exists (bookworm has no valkey package; trixie has both).
set -euo pipefail

log() { printf 'redis.sh: %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

find_bin() {
  command -v valkey-server 2>/dev/null || command -v redis-server 2>/dev/null || return 1
}

if ! bin="$(find_bin)"; then
  log "installing redis-server from Debian"
  as_root apt-get update -qq >&2
  # --no-install-recommends: the binary only; in a container no service starts (no systemd), and we never use one.
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >&2
  bin="$(find_bin)" || { log "redis-server installed, but not on PATH"; exit 1; }
fi
log "using $("${bin}" --version | head -1)"
printf 'export TEST_REDIS_BIN=%q\n' "${bin}"
