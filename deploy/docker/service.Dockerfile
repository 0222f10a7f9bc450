# syntax=docker/dockerfile:1
# One image recipe for every Node service (identity, catalog, ordering, payments, ticketing, notifications).
#
#   docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=identity -t kassa-identity .
#
# The context is the repository root (see /.dockerignore). The image runs the esbuild bundle
# services/$SERVICE/dist/main.js; the migration Job runs the same image with `dist/migrate.js`.
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- manifests: package.json files and the lockfile only --------------------------------------
# Copying everything and deleting all but the manifests keeps this recipe free of a per-service list.
# BuildKit caches `COPY --from=manifests` by content, so a source edit leaves the npm install layers cached.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN find . -type f ! -name package.json ! -path ./package-lock.json ! -path ./.npmrc -delete \
 && find . -depth -type d -empty -delete

# ---- build: all workspaces' dependencies, then the bundle ---------------------------------------
FROM ${NODE_IMAGE} AS build
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
WORKDIR /app
COPY --from=manifests /src/ ./
# No install scripts: nothing the bundle needs compiles at install time (esbuild ships its binary as
# an optional package). This layer does not depend on SERVICE, so all service images share it.
# npm install, not npm ci: the lock file cannot list other platforms' optional binaries (see docs/ARCHITECTURE.md).
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm install --no-audit --no-fund --ignore-scripts
ARG SERVICE
RUN if [ -z "$SERVICE" ]; then echo 'build-arg SERVICE is required, e.g. --build-arg SERVICE=identity' >&2; exit 1; fi; \
    if [ ! -f "services/$SERVICE/package.json" ]; then echo "services/$SERVICE is not a service" >&2; exit 1; fi
COPY tsconfig.base.json tsconfig.json ./
COPY scripts/build/ scripts/build/
COPY proto/ proto/
COPY contracts/ contracts/
COPY services/platform/ services/platform/
COPY services/${SERVICE}/ services/${SERVICE}/
RUN node scripts/build/bundle-service.mjs "$SERVICE"

# ---- production dependencies of this one service ------------------------------------------------
FROM ${NODE_IMAGE} AS runtime-deps
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
WORKDIR /app
COPY --from=manifests /src/ ./
ARG SERVICE
# Only what @kassa/$SERVICE (and the workspace packages it links) need at run time; no root devDependencies.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm install --no-audit --no-fund --omit=dev --ignore-scripts -w "@kassa/$SERVICE" --include-workspace-root=false

# ---- runtime -------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ARG VERSION=dev
ARG REVISION=unknown
ARG CREATED
ARG SOURCE_URL
LABEL org.opencontainers.image.title="kassa-${SERVICE}" \
      org.opencontainers.image.description="Kassa ${SERVICE} service" \
      org.opencontainers.image.vendor="Kassa" \
      org.opencontainers.image.source="${SOURCE_URL}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.base.name="docker.io/library/node:20-bookworm-slim"
# A fixed numeric uid so that the pod's runAsNonRoot check can verify it without /etc/passwd lookups.
RUN groupadd --system --gid 10001 kassa \
 && useradd --system --uid 10001 --gid kassa --no-create-home --home-dir /tmp --shell /usr/sbin/nologin kassa
# Nothing is written outside /tmp at run time, so the root filesystem can be mounted read-only.
ENV NODE_ENV=production \
    HOME=/tmp \
    TMPDIR=/tmp \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# Files stay owned by root: the service can read but never modify its own code.
COPY --from=runtime-deps /app/ ./
COPY --from=build /app/services/${SERVICE}/dist/ ./services/${SERVICE}/dist/
WORKDIR /app/services/${SERVICE}
USER 10001:10001
ENTRYPOINT ["node", "--enable-source-maps"]
CMD ["dist/main.js"]
