# syntax=docker/dockerfile:1
# Souq in a container: `docker build -t souq .` then `docker run -p 3000:3000 -v souq-data:/app/data souq`
# (SQLite and uploads in the volume), or `docker compose up` for the app with PostgreSQL.
# Kept correct by scripts/deploy-files.test.ts (npm test), since CI has no Docker.

# ---- Tools to compile native modules (better-sqlite3 falls back to node-gyp without a prebuilt binary).
FROM node:20-bookworm-slim AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# `npm install`, not `npm ci`: see .ci/run (the lockfile records only this platform's optional packages).
ENV npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

# ---- Production dependencies only, plus tsx for the operator's scripts
# (npm run create-admin, seed, backup, migrate-uploads run TypeScript).
FROM toolchain AS deps
COPY package.json package-lock.json ./
RUN npm install --omit=dev \
 && npm install --omit=dev --no-save "tsx@$(node -p 'require("./package.json").devDependencies.tsx')" \
 && npm cache clean --force

# ---- The production bundle, built with the dev dependencies.
FROM toolchain AS build
COPY package.json package-lock.json ./
RUN npm install
COPY . .
RUN npx react-router build

# ---- What runs: Node 20 slim, no compilers, not root.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_URL=file:data/shop.db \
    UPLOADS_DIR=data/uploads \
    npm_config_update_notifier=false
RUN groupadd --system souq && useradd --system --gid souq --home-dir /app --shell /usr/sbin/nologin souq
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
# server.js, the scripts and the sources they import (tsx), the reference data and demo pictures the seed reads.
COPY --chown=root:root package.json package-lock.json server.js tsconfig.json ./
COPY --chown=root:root app ./app
COPY --chown=root:root public ./public
COPY --chown=root:root scripts ./scripts
# The only writable place: SQLite database, uploads (unless S3_BUCKET), SQLite backups.
RUN mkdir -p /app/data && chown souq:souq /app/data
VOLUME ["/app/data"]
USER souq
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM (docker stop) drains in-flight requests for up to SHUTDOWN_TIMEOUT_MS: give the
# container more than that (docker stop -t 15, or stop_grace_period in docker-compose.yml).
STOPSIGNAL SIGTERM
# --max-old-space-size: see scripts/lib/server-node-args.js (the same options wherever the server starts).
CMD ["node", "--max-old-space-size=512", "server.js"]
