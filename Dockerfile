# ess-platform server image (docs/deployment.md). Not built on the development machine, which
# has no Docker: linted (docs/deployment.md "Docker") and kept in step with deploy/ess-platform@.service.
# Node 24 is an LTS line; the build targets Node 20.19+, the oldest the engines field allows.

# Build: every dependency, then the web app (Vite) and the server (esbuild, one file).
FROM node:24-slim AS build
WORKDIR /src
# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/simulator/package.json packages/simulator/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run: the server's production dependencies and what it reads at run time: the compiled
# server, its migrations (apps/server/drizzle) and the built web app. No tsx, no sources.
FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/var/lib/ess-platform
WORKDIR /opt/ess-platform
# The workspace packages are inlined in the bundle; their package.json files are what npm needs
# to install their dependencies (zod, mqtt, suncalc), which the bundle imports.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY packages/contract/package.json packages/contract/
COPY packages/simulator/package.json packages/simulator/
RUN npm ci --omit=dev --workspace @ess/server --no-audit --no-fund \
 && npm cache clean --force \
 && install -d -o node -g node "$DATA_DIR"
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/drizzle apps/server/drizzle
COPY --from=build /src/apps/web/dist apps/web/dist

# The embedded PGlite (no DATABASE_URL) keeps its files and the login-key secret in DATA_DIR:
# mount a volume there (`-v ess-data:/var/lib/ess-platform`) or they go with the container.
USER node
# HTTP (web app and API); MQTT of the embedded broker, used only without MQTT_URL.
EXPOSE 8080 1883
# The server drains on SIGTERM (readiness 503 for SHUTDOWN_DELAY_MS, batches committed) within
# SHUTDOWN_TIMEOUT_MS: give `docker stop -t` / stop_grace_period more than both.
STOPSIGNAL SIGTERM
# Liveness; a load balancer should poll readiness, GET /api/ready. Node's fetch: the slim image
# has no curl.
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
