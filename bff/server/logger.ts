// The BFF's one logger: the services' JSON lines (@kassa/platform/logging, same redaction) with service "bff". A line
// written while a request's span is active carries its trace_id and span_id, so the top of a trace joins its logs.
import { createLogger, LOG_LEVELS, type Logger, type LoggerOptions } from '@kassa/platform/logging';

export type { Logger } from '@kassa/platform/logging';

export interface BffLoggerOptions {
  /** LOG_LEVEL is read from here (info when unset). */
  env?: Record<string, string | undefined>;
  /** Where the JSON lines go; stdout by default. Tests pass a stream to read them back. */
  destination?: LoggerOptions['destination'];
}

export function createBffLogger({ env = process.env, destination }: BffLoggerOptions = {}): Logger {
  const asked = env.LOG_LEVEL?.trim().toLowerCase() || 'info';
  const level = (LOG_LEVELS as readonly string[]).includes(asked) ? asked : 'info';
  const logger = createLogger({ service: 'bff', level, destination });
  // A typo in LOG_LEVEL should not take every page down (pino throws on an unknown level): say so and log at info.
  if (level !== asked) logger.warn({ logLevel: asked }, 'LOG_LEVEL is not a log level; logging at info');
  return logger;
}

// One logger per process: Next loads this module once per bundle (instrumentation, each route), and several
// writers on stdout could interleave their lines.
const holder = globalThis as typeof globalThis & { kassaBffLogger?: Logger };

export const logger: Logger = (holder.kassaBffLogger ??= createBffLogger());
