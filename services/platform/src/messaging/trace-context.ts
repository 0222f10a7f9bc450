import { context, propagation, trace, type Context } from '@opentelemetry/api';

/** Tracer of the platform's own spans (outbox relay, consumers, jobs). */
export const platformTracer = trace.getTracer('kassa-platform');

/** The active context as W3C `traceparent`/`tracestate` entries (none when no propagator is registered). */
export function traceHeaders(from: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(from, carrier);
  return carrier;
}

/** The remote parent recorded in `carrier`, on top of the active context. */
export function contextFrom(carrier: Record<string, string> | undefined): Context {
  return propagation.extract(context.active(), carrier ?? {});
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
