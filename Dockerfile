# syntax=docker/dockerfile:1
# Soko's image: one process serving the API, the storefront and its server-side pages. Settings
# come from the environment at run time (README, Settings); nothing secret is baked in.
# Node 20 is past its end of life, so the image runs a current LTS; the code still runs on 20.
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# The manifests alone first, so a change to the source does not undo the install's layer.
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
# Production dependencies of the server only. The server's bundle inlines @soko/contract (it is
# TypeScript, see apps/server/build.mjs) and the web build's page renderer inlines its libraries
# (vite ssr.noExternal), so neither needs the workspace packages' own dependencies here.
# Not .npmrc: its include=dev (for `npm start` after an install under NODE_ENV=production) would
# override --omit=dev.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspace=@soko/server
# What the server reads at run time: its bundle, the SQL migrations (found beside dist/), and the
# web build (apps/web/dist, and dist-server for the server-side pages).
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
# DATA_DIR: the embedded database, local pictures and a generated token secret when PostgreSQL,
# S3 and JWT_SECRET are not set. The only folder the server writes to; mount a volume here to
# keep it. media/ is made here because the server serves it even when pictures go to S3.
RUN mkdir -p data/media && chown -R node:node data
USER node
EXPOSE 3000
# Slim images have no curl. /api/health answers 200 only when the database does (else 503).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as PID 1: main.ts stops gracefully on SIGTERM (docker stop).
CMD ["node", "apps/server/dist/main.js"]
