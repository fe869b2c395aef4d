# Production image: builds common, server and client, then runs the server alone with the
# built client. No embedded PostgreSQL in the image (optional dependency left out): set DATABASE_URL.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY client/package.json client/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=4000
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY client/package.json client/
RUN npm install --omit=dev --omit=optional --no-audit --no-fund -w common -w server --include-workspace-root=false \
  && npm cache clean --force
COPY --from=build /app/common/dist common/dist
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist
# The server renderer of the public pages: without it production serves the bare SPA shell.
COPY --from=build /app/client/dist-ssr client/dist-ssr
COPY config config
# UPLOAD_DIR exists and belongs to the app's user, so a named volume mounted here inherits that owner.
RUN mkdir -p /app/uploads && chown node:node /app/uploads
USER node
EXPOSE 4000
HEALTHCHECK --interval=15s --timeout=3s --start-period=90s CMD node -e "fetch('http://127.0.0.1:4000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "server/dist/composition/main.js"]
