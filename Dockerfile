# Petstore's image. Build: `docker build -t petstore .`; run: `docker compose up -d` (compose.yaml), or
# `docker run -d -p 8080:8080 -v petstore-data:/data petstore`. How to run, back up and upgrade it:
# docs/operations.md#containers.
#
# NODE_IMAGE is the base of every stage: the official Node.js 24 image by default; any Debian-based image with
# Node.js 22.14 or later and npm will do (the test suite passes one it builds itself from Debian's packages).
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Every dependency, then the build: the server's TypeScript, the client, and the CLI and client packages
#    the server hands out at /downloads.
FROM ${NODE_IMAGE} AS build
# The registry npm installs from. A proxy goes through Docker's own build args (HTTPS_PROXY, NO_PROXY).
ARG NPM_CONFIG_REGISTRY=https://registry.npmjs.org/
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/cli/package.json packages/cli/
COPY packages/client/package.json packages/client/
# --ignore-scripts: `prepare` (the build) needs the sources, which come after this layer so that changing them
# installs nothing again; no dependency needs an install script (better-sqlite3 ships its binaries prebuilt).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# 2. The production dependencies alone, from the same lock file.
FROM ${NODE_IMAGE} AS deps
ARG NPM_CONFIG_REGISTRY=https://registry.npmjs.org/
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/cli/package.json packages/cli/
COPY packages/client/package.json packages/client/
# better-sqlite3 carries its C sources (10 MB) and binaries for eight platforms (17 MB): only this platform's
# binary stays, and loading it proves it runs on this base. Source maps (11 MB, swagger-ui's most of them) and
# type declarations (3 MB) are never read at run time. The CLI package is served as a tarball, never imported,
# so its workspace link goes.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
  && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete \
  && cd node_modules/better-sqlite3 \
  && find prebuilds -type f ! -name "linux-$(node -p process.arch).node" -delete \
  && rm -rf deps src \
  && cd /app \
  && rm node_modules/@petstore/cli \
  && node -e "new (require('better-sqlite3'))(':memory:').close()"

# 3. The image: the build output and the production dependencies, run by a user without privileges.
FROM ${NODE_IMAGE}
RUN groupadd --system --gid 10001 petstore \
  && useradd --system --uid 10001 --gid petstore --home-dir /app --no-create-home --shell /usr/sbin/nologin petstore \
  && mkdir -p /data /backups \
  && chown petstore:petstore /data /backups \
  && chmod 0700 /data /backups
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/packages/client/package.json packages/client/
COPY --from=build /app/packages/client/dist packages/client/dist
COPY package.json ./
COPY bin bin
COPY scripts/supported-node.mjs scripts/container/healthcheck.mjs scripts/
COPY src/dashboard/browser src/dashboard/browser
RUN ln -s /app/bin/petstore /usr/local/bin/petstore

# The embedded database lives on the volume; BACKUP_DIR (scheduled backups, and the one written before a
# migration) is unset here: compose.yaml points it at a volume of its own, /backups. BASE_URL is the address
# clients use (the contract, the API reference and the dashboard publish it): set it to the public one; left
# to its default it is http://localhost:PORT/v1.
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  DATABASE_URL=sqlite:/data/petstore.db
VOLUME /data
EXPOSE 8080
USER petstore

# Node.js as PID 1: `serve` handles SIGTERM itself (drains in-flight requests, exits 0), so `docker stop`
# needs no init process. No curl in the image: the check is Node's fetch.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "/app/scripts/healthcheck.mjs"]
CMD ["petstore", "serve"]
