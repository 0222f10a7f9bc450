import { getNodeAutoInstrumentations } from '@opentelemetry/auto-instrumentations-node';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { Instrumentation } from '@opentelemetry/instrumentation';

// What Kassa services use. Everything else in auto-instrumentations-node stays off: fs, dns and net
// make noisy, useless spans, and the rest would only patch modules we never load.
const ENABLED = ['http', 'grpc', 'pg', 'ioredis', 'undici'];
const DISABLED = [
  'amqplib',
  'aws-lambda',
  'aws-sdk',
  'bunyan',
  'cassandra-driver',
  'connect',
  'cucumber',
  'dataloader',
  'dns',
  'express',
  'fs',
  'generic-pool',
  'graphql',
  'hapi',
  'host-metrics',
  'kafkajs',
  'knex',
  'koa',
  'lru-memoizer',
  'memcached',
  'mongodb',
  'mongoose',
  'mysql2',
  'mysql',
  'nestjs-core',
  'net',
  'openai',
  'oracledb',
  'pino',
  'redis',
  'restify',
  'router',
  'runtime-node',
  'socket.io',
  'tedious',
  'winston',
];

// Probes and scrapes every few seconds would drown the traces that matter.
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export interface PlatformInstrumentationOptions {
  /** false: incoming HTTP requests are measured (http.server.request.duration) but get no span of their own. */
  httpServerSpans?: boolean;
}

export function platformInstrumentations({
  httpServerSpans = true,
}: PlatformInstrumentationOptions = {}): Instrumentation[] {
  const config: Record<string, { enabled: boolean } & Record<string, unknown>> = {};
  for (const name of DISABLED) config[`@opentelemetry/instrumentation-${name}`] = { enabled: false };
  for (const name of ENABLED) config[`@opentelemetry/instrumentation-${name}`] = { enabled: true };
  config['@opentelemetry/instrumentation-http'] = {
    enabled: true,
    ignoreIncomingRequestHook: (request: { url?: string }) =>
      UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
    // Without a parent (a caller's traceparent) an incoming request then gets a non-recording span, which the
    // instrumentation still times for its metric.
    requireParentforIncomingSpans: !httpServerSpans,
  };
  config['@opentelemetry/instrumentation-pg'] = { enabled: true, requireParentSpan: true };
  config['@opentelemetry/instrumentation-ioredis'] = { enabled: true, requireParentSpan: true };
  return [
    ...getNodeAutoInstrumentations(config),
    // Fastify route and hook spans; registers itself on every Fastify instance through diagnostics_channel.
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      ignorePaths: (route) => UNTRACED_PATHS.has(route.url),
    }) as unknown as Instrumentation,
  ];
}
