# Production image: builds common, server and client, then runs the server alone with the
# built client. No embedded PostgreSQL in the image (optional dependency left out): set DATABASE_URL.
# Node 24 (LTS); the code also runs on Node 20.19+ (package.json "engines"). Both stages install
# with `npm ci`: exactly the committed package-lock.json, or the build fails.
#
#   VERSION=$(node -p "require('./package.json').version")
#   docker build -t "cryptovest-app:$VERSION" --build-arg VERSION="$VERSION" \
#     --build-arg REVISION="$(git rev-parse HEAD)" --build-arg CREATED="$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
#     --build-arg SOURCE=<repository URL> .
FROM node:24.11.1-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24.11.1-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=4000
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY client/package.json client/
# The server's and common's runtime dependencies only: no dev tools, no optional embedded PostgreSQL,
# none of the client's (its build is copied below).
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund -w common -w server --include-workspace-root=false \
  && npm cache clean --force
COPY --from=build /app/common/dist common/dist
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist
# The server renderer of the public pages: without it production serves the bare SPA shell.
COPY --from=build /app/client/dist-ssr client/dist-ssr
COPY config config
# UPLOAD_DIR exists and belongs to the app's user, so a named volume mounted here inherits that owner.
RUN mkdir -p /app/uploads && chown node:node /app/uploads

# What this image is, last so that a new revision rebuilds no layer above. VERSION is package.json's
# "version", REVISION the git commit, CREATED the build time (RFC 3339), SOURCE the repository's
# URL. The server reports CRYPTOVEST_VERSION and CRYPTOVEST_REVISION.
ARG VERSION=unknown
ARG REVISION=unknown
ARG CREATED=unknown
ARG SOURCE=""
LABEL org.opencontainers.image.title="CryptoVest" \
  org.opencontainers.image.description="CryptoVest server with its web client" \
  org.opencontainers.image.version="${VERSION}" \
  org.opencontainers.image.revision="${REVISION}" \
  org.opencontainers.image.created="${CREATED}" \
  org.opencontainers.image.source="${SOURCE}" \
  org.opencontainers.image.licenses="Apache-2.0"
ENV CRYPTOVEST_VERSION="${VERSION}" CRYPTOVEST_REVISION="${REVISION}"

USER node
EXPOSE 4000
HEALTHCHECK --interval=15s --timeout=3s --start-period=90s CMD node -e "fetch('http://127.0.0.1:4000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "server/dist/composition/main.js"]
