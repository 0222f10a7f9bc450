import type { Logger } from 'pino';

export interface PeriodicSweep<T> {
  /** One sweep now; a call while one runs shares it instead of starting a second. */
  runOnce(): Promise<T>;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

export interface PeriodicSweepOptions {
  /** Default one minute. */
  intervalMs?: number;
  /** Where a failed timed sweep is logged (the next one tries again). */
  logger: Logger;
  failureMessage?: string;
}

/**
 * Runs `sweep` every interval, never two at once. Redis keeps nothing on disk, so services re-derive their jobs from
 * PostgreSQL this way; the caller awaits `runOnce()` at start-up. The timer does not keep the process alive.
 */
export function startPeriodicSweep<T>(sweep: () => Promise<T>, options: PeriodicSweepOptions): PeriodicSweep<T> {
  let running: Promise<T> | undefined;

  function runOnce(): Promise<T> {
    running ??= sweep().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => {
    runOnce().catch((error: unknown) => options.logger.error({ err: error }, options.failureMessage ?? 'sweep failed'));
  }, options.intervalMs ?? 60_000);
  timer.unref();

  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
