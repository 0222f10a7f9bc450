import { trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger } from 'pino';
import { redactFields } from './redaction';

export { maskEmail, redactFields, REDACTED, REDACTED_KEYS } from './redaction';
export type { Logger } from 'pino';

/** The levels LOG_LEVEL may name (pino's, and "silent"); every service and the BFF read it against this one list. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LoggerOptions {
  service: string;
  level?: string;
  /** Where JSON lines go; stdout by default. Tests pass a stream to read them back. */
  destination?: DestinationStream;
}

/** A JSON logger; every line written inside an active span carries its trace_id and span_id. */
export function createLogger({ service, level = 'info', destination }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Secrets and personal data never reach a line: the fields of each line, the base and every child logger's
    // bindings pass through redactFields (which also turns errors at any level into pino's plain form: `err` too).
    formatters: { level: (label) => ({ level: label }), log: redactFields, bindings: redactFields },
    serializers: { err: (value: unknown) => value },
    mixin() {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId, traceFlags } = span.spanContext();
      return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}` };
    },
  };
  const logger = destination ? pino(options, destination) : pino(options);
  // pino hands a child's bindings to the root's bindings formatter only for the root itself; children are made with
  // Object.create(parent), so this one `child` is every descendant's.
  const child = logger.child;
  logger.child = function redactedChild(this: Logger, bindings, childOptions) {
    return child.call(this, redactFields(bindings), childOptions);
  } as typeof logger.child;
  return logger;
}
