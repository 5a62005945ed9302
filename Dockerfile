# ess-platform server image (docs/deployment.md). Not built on the development machine, which
# has no Docker; kept in step with deploy/ess-platform@.service.
FROM node:20-slim

WORKDIR /opt/ess-platform
ENV NODE_ENV=production

# Dependencies first, so a source change does not reinstall them. devDependencies are needed:
# the server runs through tsx and the web app is built with Vite.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/simulator/package.json packages/simulator/
RUN npm ci --include=dev

COPY . .
RUN npm run build

# The web app was built above; `npm start` would build it again on every start.
USER node
EXPOSE 8080
STOPSIGNAL SIGTERM
CMD ["node_modules/.bin/tsx", "apps/server/src/main.ts"]
