# syntax=docker/dockerfile:1
# Haulboard production image: one process serving the web app and the API on one port.
# Migrations run at start (apps/server/src/main.ts; several replicas take turns under an
# advisory lock). Build: docker build -t haulboard .   Run: see docker-compose.yml and README.md.

ARG NODE_IMAGE=node:22-slim

# ---- build: install every package, build the web app --------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true npm_config_fund=false npm_config_audit=false
# The manifests first, so the install layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/loadboard-sim/package.json apps/loadboard-sim/
COPY packages/contract/package.json packages/contract/
COPY packages/geo/package.json packages/geo/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci
COPY . .
RUN npm run build
# The server runs its TypeScript through tsx (a root dev dependency), so the dev packages stay;
# the browser-test and benchmark workspaces are not shipped.
RUN rm -rf e2e bench apps/web/src apps/web/public node_modules/playwright-core node_modules/@axe-core

# ---- runtime -------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    HAULBOARD_DATA_DIR=/app/data
COPY --from=build --chown=root:root /app /app
# Runs as the image's unprivileged `node` user; only the data folder (PGlite when DATABASE_URL
# is unset, secret.key in development) is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# tsx directly (not npm): signals reach the server, which closes its database on SIGTERM.
CMD ["node_modules/.bin/tsx", "apps/server/src/main.ts"]
