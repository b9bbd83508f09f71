# Washday's production image (docs/deploy.md 11). Build: docker build -t washday .
# The first stage installs everything and builds the site, the server and the operator's commands;
# the second holds only what runs: production dependencies, the build, and PostgreSQL's client
# tools for the nightly backup. It runs as the unprivileged `node` user.
FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20.19-bookworm-slim
# pg_dump and pg_restore for backups: their version must be the database's or newer (the doctor checks)
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# listens on every address of the container: only the proxy's network reaches its port
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data BACKUP_DIR=/backups
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
EXPOSE 3000
VOLUME ["/data", "/backups"]
# 200 ok (and degraded, docs/deploy.md 6); 503 while draining or without its database
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is process 1 and gets the SIGTERM: a graceful shutdown within SHUTDOWN_TIMEOUT_MS
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
