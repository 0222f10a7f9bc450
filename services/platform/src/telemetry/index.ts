import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { NodeSDK, core } from '@opentelemetry/sdk-node';
import { NoopSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { otlpSpanProcessor } from './exporter';
import { platformInstrumentations } from './instrumentations';
import { clearPrometheusReader, createPrometheusReader } from './metrics';

export { tracer, withSpan, injectTraceHeaders, extractTraceContext, SpanKind, SpanStatusCode } from './helpers';
export { renderPrometheusMetrics } from './metrics';

export interface TelemetryOptions {
  serviceName: string;
  /** Extra processors, e.g. a SimpleSpanProcessor over an InMemorySpanExporter in tests. */
  spanProcessors?: SpanProcessor[];
  env?: Record<string, string | undefined>;
}

export interface Telemetry {
  shutdown(): Promise<void>;
}

let running: Telemetry | undefined;

/**
 * Starts the OpenTelemetry Node SDK. Must run before the instrumented modules (http, @grpc/grpc-js, pg,
 * ioredis, fastify, undici) are first required, which is why each service's src/telemetry.ts is the first import.
 */
export function startTelemetry({ serviceName, spanProcessors = [], env = process.env }: TelemetryOptions): Telemetry {
  if (running) throw new Error('Telemetry is already started in this process; shut it down first');
  const exporter = otlpSpanProcessor(env);
  const processors = [...(exporter ? [exporter] : []), ...spanProcessors];
  const instrumentations = platformInstrumentations();
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
