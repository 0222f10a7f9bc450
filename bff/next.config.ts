import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { analyticsRewrites } from '@kassa/web/lib/analytics-config';
import { securityHeaderRules } from './server/site/security-headers';

// The monorepo root: workspace packages (@kassa/web, @kassa/platform, @kassa/proto) are symlinked from there.
const monorepoRoot = path.join(__dirname, '..');

// One id per build, shared by Next's build id and the id inlined into pages for the new-version check. Next loads
// this file in more than one process during a build, so the first load puts it into the environment the others
// inherit. KASSA_BUILD_ID (say, the commit) sets it from outside.
process.env.KASSA_BUILD_ID ||= `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
const buildId = process.env.KASSA_BUILD_ID;

// Analytics goes through our own origin: the ingest path is rewritten to POSTHOG_HOST (its /static to the asset
// host), and only when a key is set (no key, no analytics, nothing sent). Read at build time, like every NEXT_PUBLIC_.
const posthogRewrites = analyticsRewrites({
  NEXT_PUBLIC_POSTHOG_KEY: process.env.NEXT_PUBLIC_POSTHOG_KEY,
  NEXT_PUBLIC_POSTHOG_INGEST_PATH: process.env.NEXT_PUBLIC_POSTHOG_INGEST_PATH,
  POSTHOG_HOST: process.env.POSTHOG_HOST,
  POSTHOG_ASSETS_HOST: process.env.POSTHOG_ASSETS_HOST,
});

const nextConfig: NextConfig = {
  generateBuildId: async () => buildId,
  env: { NEXT_PUBLIC_KASSA_BUILD_ID: buildId },
  // Every page and API answer carries the security headers (server/site/security-headers.ts says which and why).
  async headers() {
    return securityHeaderRules();
  },
  async rewrites() {
    return posthogRewrites;
  },
  // PostHog's endpoints end in a slash (/e/, /flags/); Next must not redirect them away from it.
  skipTrailingSlashRedirect: posthogRewrites.length > 0,
  // The container image ships the standalone server (bff/Dockerfile sets KASSA_STANDALONE=1); locally `next start` serves the build.
  output: process.env.KASSA_STANDALONE === '1' ? 'standalone' : undefined,
  outputFileTracingRoot: monorepoRoot,
  turbopack: { root: monorepoRoot },
  // Workspace packages ship TypeScript source.
  transpilePackages: ['@kassa/web', '@kassa/contracts', '@kassa/platform', '@kassa/proto'],
  // Native-ish Node packages and the OpenTelemetry SDK (which patches modules at require time) stay outside the bundle.
  serverExternalPackages: [
    '@grpc/grpc-js',
    'pino',
    'pino-pretty',
    'thread-stream',
    '@fastify/otel',
    '@opentelemetry/api',
    '@opentelemetry/auto-instrumentations-node',
    '@opentelemetry/exporter-prometheus',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/exporter-trace-otlp-proto',
    '@opentelemetry/instrumentation',
    '@opentelemetry/resources',
    '@opentelemetry/sdk-metrics',
    '@opentelemetry/sdk-node',
    '@opentelemetry/sdk-trace-base',
    '@opentelemetry/semantic-conventions',
  ],
  poweredByHeader: false,
  // `npm test` type-checks the BFF (tsc -p bff/tsconfig.json) before it builds it for the end-to-end tests and says
  // so (KASSA_TYPES_CHECKED=1): the build need not check the same files again. Every other build checks them.
  typescript: { ignoreBuildErrors: process.env.KASSA_TYPES_CHECKED === '1' },
  // app/global-not-found.tsx answers unmatched paths on its own, outside every layout (see that file).
  // authInterrupts: forbidden() answers a member lacking a permission with 403 and the nearest forbidden.tsx.
  experimental: { globalNotFound: true, authInterrupts: true },
};

export default createNextIntlPlugin('./i18n/request.ts')(nextConfig);
