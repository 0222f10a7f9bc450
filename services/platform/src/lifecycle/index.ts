import type { Logger } from 'pino';

/** Shutdown phases, run in this order: stop taking work, finish work, stop publishing, disconnect, flush telemetry. */
export const SHUTDOWN_PHASES = ['ingress', 'consumers', 'relays', 'connections', 'telemetry'] as const;
export type ShutdownPhase = (typeof SHUTDOWN_PHASES)[number];

export interface Lifecycle {
  onShutdown(phase: ShutdownPhase, name: string, fn: () => Promise<void> | void): void;
  /**
   * Runs every step once (later calls return the same promise), then calls exit(0), or exit(1) if a step failed or
   * the shutdown is for a failure (`failure: true`, e.g. start-up failed), so that a supervisor sees a failed process.
   */
  shutdown(reason: string, options?: { failure?: boolean }): Promise<void>;
  /** Starts shutdown on SIGTERM/SIGINT; a second signal forces exit. Returns a function that removes the handlers. */
  listen(): () => void;
}

export interface LifecycleOptions {
  /** Whole-shutdown ceiling before a forced exit. */
  ceilingMs?: number;
  /** Injected in tests; process.exit otherwise. */
  exit?: (code: number) => void;
  setTimer?: (fn: () => void, ms: number) => { unref?: () => void };
  /** Listen for SIGTERM/SIGINT right away (default true). */
  handleSignals?: boolean;
}

const DEFAULT_CEILING_MS = 20_000;

export function createLifecycle(logger: Logger, options: LifecycleOptions = {}): Lifecycle {
  const {
    ceilingMs = DEFAULT_CEILING_MS,
    exit = (code) => process.exit(code),
    setTimer = setTimeout,
    handleSignals = true,
  } = options;
  const steps: { phase: ShutdownPhase; name: string; fn: () => Promise<void> | void }[] = [];
  let running: Promise<void> | undefined;
  let exited = false;

  const exitOnce = (code: number): void => {
    if (exited) return;
    exited = true;
    exit(code);
  };

  async function runSteps(reason: string, failure: boolean): Promise<void> {
    logger.info({ reason }, 'shutting down');
    let failed = false;
    for (const phase of SHUTDOWN_PHASES) {
      // Steps of one phase run together; a failing step is logged and the next phases still run.
      const results = await Promise.allSettled(
        steps
          .filter((step) => step.phase === phase)
          .map(async (step) => {
            const started = performance.now();
            await step.fn();
            logger.debug(
              { phase, step: step.name, duration_ms: Math.round(performance.now() - started) },
              'shutdown step done',
            );
          }),
      );
      results.forEach((result, index) => {
        if (result.status === 'rejected') {
          failed = true;
          const step = steps.filter((s) => s.phase === phase)[index]!;
          logger.error({ phase, step: step.name, err: result.reason }, 'shutdown step failed');
        }
      });
    }
    logger.info({ reason, failed }, 'shutdown complete');
    exitOnce(failed || failure ? 1 : 0);
  }

  const lifecycle: Lifecycle = {
    onShutdown(phase, name, fn) {
      if (!SHUTDOWN_PHASES.includes(phase)) throw new Error(`Unknown shutdown phase "${phase}"`);
      steps.push({ phase, name, fn });
    },

    shutdown(reason, options = {}) {
      if (!running) {
        const timer = setTimer(() => {
          logger.error({ reason, ceilingMs }, 'shutdown took too long: forcing exit');
          exitOnce(1);
        }, ceilingMs);
        timer.unref?.();
        running = runSteps(reason, options.failure === true);
      }
      return running;
    },

    listen() {
      const onSignal = (signal: NodeJS.Signals): void => {
        if (running) {
          logger.warn({ signal }, 'second signal: forcing exit');
          exitOnce(1);
          return;
        }
        void lifecycle.shutdown(signal);
      };
      process.on('SIGTERM', onSignal);
      process.on('SIGINT', onSignal);
      return () => {
        process.off('SIGTERM', onSignal);
        process.off('SIGINT', onSignal);
      };
    },
  };
  if (handleSignals) lifecycle.listen();
  return lifecycle;
}
export { crashPoint } from './crash-point';
