# One image for every Node service of the distributed profile (command-service, relay,
# projection workers); docker-compose.yml picks the command (`node dist/server/<entry>.js`). Build context: the repository root.
FROM node:20-bookworm-slim
RUN apt-get update -qq && apt-get install -y -qq python3 make g++ curl >/dev/null && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY events/package.json events/
COPY service-kit/package.json service-kit/
COPY command-service/package.json command-service/
COPY projection-service/package.json projection-service/
COPY site/package.json site/
COPY web-kit/package.json web-kit/
COPY shell/package.json shell/
COPY mfe-catalogue/package.json mfe-catalogue/
COPY e2e/package.json e2e/
COPY integration/package.json integration/
RUN npm ci --no-audit --no-fund
COPY . .
ENV NODE_ENV=production
# every service runs compiled JavaScript (dist/server/<entry>.js), built once here, never TypeScript through a loader
RUN node scripts/server-build.mjs
