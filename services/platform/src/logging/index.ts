import { trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger } from 'pino';
import { redactPaths } from './redaction';

export { maskEmail, redactPaths, REDACTED_KEYS } from './redaction';
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
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: redactPaths, censor: '[redacted]' },
    mixin() {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId, traceFlags } = span.spanContext();
      return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}` };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
