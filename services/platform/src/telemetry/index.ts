import { createRequire } from 'node:module';
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { NodeSDK, core } from '@opentelemetry/sdk-node';
import { NoopSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { otlpSpanProcessor } from './exporter';
import { RedactingSpanProcessor } from './redaction';
import { platformInstrumentations } from './instrumentations';
import { clearPrometheusReader, createPrometheusReader } from './metrics';

export { tracer, withSpan, injectTraceHeaders, extractTraceContext, SpanKind, SpanStatusCode } from './helpers';
export { renderPrometheusMetrics } from './metrics';
export {
  startMetricsServer,
  metricsPortFrom,
  DEFAULT_METRICS_PORT,
  type MetricsServer,
  type MetricsServerLogger,
  type MetricsServerOptions,
} from './metrics-server';

export interface TelemetryOptions {
  serviceName: string;
  /** Extra processors, e.g. a SimpleSpanProcessor over an InMemorySpanExporter in tests. */
  spanProcessors?: SpanProcessor[];
  env?: Record<string, string | undefined>;
  /**
   * false: incoming HTTP requests get no span from the http instrumentation, only its request-duration metric. For a
   * server that makes its own span per request (Next.js), so that a request is not two server spans.
   */
  httpServerSpans?: boolean;
  /** Applied to every string attribute and span name before export: what counts as a secret in this process's addresses. */
  redact?: (value: string) => string;
}

export interface Telemetry {
  shutdown(): Promise<void>;
}

let running: Telemetry | undefined;

/**
 * Starts the OpenTelemetry Node SDK. Must run before the instrumented modules (http, @grpc/grpc-js, pg,
 * ioredis, fastify, undici) are first required, which is why each service's src/telemetry.ts is the first import.
 */
export function startTelemetry({
  serviceName,
  spanProcessors = [],
  env = process.env,
  httpServerSpans = true,
  redact,
}: TelemetryOptions): Telemetry {
  if (running) throw new Error('Telemetry is already started in this process; shut it down first');
  const exporter = otlpSpanProcessor(env);
  const exporting = [...(exporter ? [exporter] : []), ...spanProcessors];
  const processors = redact && exporting.length > 0 ? [new RedactingSpanProcessor(redact, exporting)] : exporting;
  const instrumentations = platformInstrumentations({ httpServerSpans });
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    serviceName,
    // Always a tracer provider, so that log lines carry trace ids even when nothing is exported.
    spanProcessors: processors.length > 0 ? processors : [new NoopSpanProcessor()],
    metricReaders: [createPrometheusReader()],
    // No log export: logs go to stdout as JSON.
    logRecordProcessors: [],
    textMapPropagator: new core.CompositePropagator({
      propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()],
    }),
    instrumentations,
  });
  sdk.start();
  patchLoadedCoreModules();
  const telemetry: Telemetry = {
    async shutdown() {
      if (running !== telemetry) return;
      running = undefined;
      clearPrometheusReader();
      await sdk.shutdown();
      // Unpatch modules and release the globals, so that a later startTelemetry (tests) starts clean.
      for (const instrumentation of instrumentations) instrumentation.disable();
      trace.disable();
      context.disable();
      propagation.disable();
      metrics.disable();
    },
  };
  running = telemetry;
  return telemetry;
}

/**
 * Instrumentations patch a module when it is required after the SDK started. Node's http and https are often loaded
 * before: Next.js serves with them before it calls register(), and exporter-prometheus requires http. Requiring them
 * once more, through Node's own require (not a bundler's, which would answer from its cache), lets the http
 * instrumentation patch them; the objects are shared, so servers created earlier are measured too.
 */
function patchLoadedCoreModules(): void {
  const nodeRequire = createRequire(`${process.cwd()}/`);
  for (const name of ['node:http', 'node:https']) nodeRequire(name);
}
