# The GraphQL API and the `ratings` CLI (migrations, imports, runs) in one small image.
# Build from the repository root: docker build -f docker/api.Dockerfile -t ratings-api .

# --- build: everything installed, the API and the CLI compiled (tsc keeps decorator metadata) ---
FROM node:22-bookworm-slim AS build
WORKDIR /repo
COPY package.json package-lock.json nx.json tsconfig.base.json jest.preset.js ./
COPY libs libs
COPY apps/api apps/api
COPY apps/web/package.json apps/web/package.json
COPY tools tools
RUN npm ci --no-audit --no-fund
RUN npx nx run-many -t build -p @ratings/api @ratings/cli --output-style=static

# --- runtime dependencies only, for the API and the CLI workspaces ---
FROM node:22-bookworm-slim AS deps
WORKDIR /repo
COPY package.json package-lock.json ./
COPY libs/contract/package.json libs/contract/
COPY libs/rating-rules/package.json libs/rating-rules/
COPY libs/trf/package.json libs/trf/
COPY libs/lists/package.json libs/lists/
COPY libs/db/package.json libs/db/
COPY libs/core/package.json libs/core/
COPY apps/api/package.json apps/api/
COPY tools/cli/package.json tools/cli/
RUN npm ci --omit=dev --no-audit --no-fund -w @ratings/api -w @ratings/cli

# --- runtime: compiled code and production dependencies, as an unprivileged user ---
FROM node:22-bookworm-slim
ENV NODE_ENV=production API_PORT=4000
WORKDIR /app
# The workspaces' manifests and every node_modules folder (npm nests a package where two versions conflict).
COPY --from=deps /repo ./
COPY --from=build /repo/libs/contract/dist libs/contract/dist
COPY --from=build /repo/libs/rating-rules/dist libs/rating-rules/dist
COPY --from=build /repo/libs/trf/dist libs/trf/dist
COPY --from=build /repo/libs/lists/dist libs/lists/dist
COPY --from=build /repo/libs/db/dist libs/db/dist
COPY --from=build /repo/libs/core/dist libs/core/dist
COPY --from=build /repo/apps/api/dist apps/api/dist
COPY --from=build /repo/tools/cli/bin tools/cli/bin
COPY --from=build /repo/tools/cli/dist tools/cli/dist
USER node
EXPOSE 4000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.API_PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations are their own step (the compose file's `migrate` service): node tools/cli/bin/ratings.js migrate
CMD ["node", "apps/api/dist/main.js"]
