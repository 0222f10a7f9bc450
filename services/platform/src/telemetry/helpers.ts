import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { core } from '@opentelemetry/sdk-node';

/** The platform tracer; a proxy until startTelemetry registers the provider. */
export const tracer = trace.getTracer('@kassa/platform');

// W3C trace context is the platform's only format, so inject/extract use it directly and also work in
// code paths (tests, scripts) that never started the SDK.
const w3c = new core.CompositePropagator({
  propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()],
});

/** Runs fn in a new active span; records an exception and ERROR status when it throws. */
export async function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T> | T,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Writes the active trace context (traceparent, tracestate, baggage) into carrier and returns it. */
export function injectTraceHeaders(carrier: Record<string, string> = {}): Record<string, string> {
  w3c.inject(context.active(), carrier, {
    set: (target, key, value) => {
      target[key] = value;
    },
  });
  // Without the SDK there is no active span; still honour a global propagator if one was registered.
  if (!carrier.traceparent) propagation.inject(context.active(), carrier);
  return carrier;
}

/** The context carried by headers (any casing of traceparent), to use as a parent: context.with(ctx, ...). */
export function extractTraceContext(
  carrier: Record<string, string | string[] | undefined>,
  base: Context = ROOT_CONTEXT,
): Context {
  const lower: Record<string, string> = {};
  for (const [key, value] of Object.entries(carrier)) {
    if (value !== undefined) lower[key.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return w3c.extract(base, lower, {
    get: (source, key) => source[key],
    keys: (source) => Object.keys(source),
  });
}

export { SpanKind, SpanStatusCode } from '@opentelemetry/api';
