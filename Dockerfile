# syntax=docker/dockerfile:1.7
# Vitrine: one Debian-slim Node 24 base for every stage (STYLE.md section 11).
#   docker build -t vitrine .
#   docker run -p 3000:3000 -v vitrine-data:/app/data vitrine   # embedded content and search; insights kept in the volume
# Secrets (Contentful, Algolia) arrive as runtime env, never in a layer.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

# 1. All dependencies, from the lockfile only, with npm's cache kept between builds.
FROM base AS deps
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci

# 2. Typecheck and build: dist/client (assets + manifest) and dist/server; public/decoders is filled here.
FROM deps AS build
COPY . .
RUN npm run build

# 3. The same node_modules without devDependencies (keeps the native sharp build from step 1).
FROM deps AS prod-deps
RUN npm prune --omit=dev

# 4. Runtime: build output, public/, the embedded demo space, production modules, package.json.
#    Files stay owned by root, so the app user cannot change its own code.
FROM base AS runtime
# glibc malloc: each thread that renders images (libuv pool, libvips, libaom) gets its own arena, and large
# buffers land in them once the mmap threshold has grown, so freed image memory stays resident. Two arenas and
# a fixed 128 KB mmap threshold kept the server at 330-390 MB peak in `npm run bench:images`, where glibc's
# defaults reached 490 MB (sharp recommends jemalloc or these settings on glibc; ADR 012).
# WEB_CONCURRENCY=auto: one worker per core the container may use (os.availableParallelism(); ADR 050).
# The V8 heap limit needs no flag here: each serving process takes half its share of the container's memory.max
# as old space (64-2048 MB, HEAP_LIMIT_MB=auto), 12 MB semi-spaces and 50 % old-space growth between full GCs
# (ADR 055, 059, docs/memory.md). Give it at least 256 MB per worker.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WEB_CONCURRENCY=auto \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/public ./public
# The embedded space: the export and its files (content/source/ is what the export is generated from, not read at run time).
COPY --from=build /app/content/space-export.json ./content/space-export.json
COPY --from=build /app/content/assets ./content/assets
# 5. Durable state (insights SQLite database, rendered-image cache): the one directory the app writes,
#    owned by the app user and declared a volume so it outlives the container. Mount it: -v vitrine-data:/app/data
ENV DATA_DIR=/app/data
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/index.js"]
