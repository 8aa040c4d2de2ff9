# The public site (Next.js). It reads the API over HTTP only (API_URL).
# Build from the repository root: docker build -f docker/web.Dockerfile -t ratings-web .

FROM node:22-bookworm-slim AS build
WORKDIR /repo
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json nx.json tsconfig.base.json jest.preset.js ./
COPY libs libs
COPY apps apps
COPY tools tools
RUN npm ci --no-audit --no-fund
RUN npx nx run @ratings/web:build --output-style=static

FROM node:22-bookworm-slim AS deps
WORKDIR /repo
COPY package.json package-lock.json ./
COPY libs/contract/package.json libs/contract/
COPY libs/rating-rules/package.json libs/rating-rules/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund -w @ratings/web

FROM node:22-bookworm-slim
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 WEB_PORT=3000
WORKDIR /app
# The workspaces' manifests and every node_modules folder (npm nests a package where two versions conflict).
COPY --from=deps /repo ./
COPY --from=build /repo/apps/web/next.config.ts apps/web/next.config.ts
COPY --from=build /repo/apps/web/.next apps/web/.next
WORKDIR /app/apps/web
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.WEB_PORT+'/').then(r=>process.exit(r.status<500?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "exec node /app/node_modules/next/dist/bin/next start -p ${WEB_PORT}"]
