// Load shapes for calls that each use up something (a ticket can be admitted once): a closed loop over a fixed list
// of calls, and an open loop at a fixed arrival rate. Any failed call fails the run.
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from '../lib/closed-loop';

export interface Measured {
  calls: number;
  elapsedMs: number;
  perSecond: number;
  avgMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function summarize(latenciesMs: number[], elapsedMs: number): Measured {
  const sorted = Float64Array.from(latenciesMs).sort();
  const total = latenciesMs.reduce((sum, value) => sum + value, 0);
  return {
    calls: sorted.length,
    elapsedMs,
    perSecond: (sorted.length * 1000) / elapsedMs,
    avgMs: total / sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/**
 * Closed loop: `concurrency` workers take the next of `count` calls as soon as their previous one settles, until
 * all are done; the time is until the last one finished, so the slow last calls count.
 */
export async function runFixedCount(
  concurrency: number,
  count: number,
  call: (index: number) => Promise<unknown>,
): Promise<Measured & { latenciesMs: number[] }> {
  const latenciesMs: number[] = [];
  let next = 0;
  let failure: unknown;
  const worker = async (): Promise<void> => {
    while (next < count && failure === undefined) {
      const index = next++;
      const started = performance.now();
      try {
        await call(index);
      } catch (error) {
        failure ??= error;
        return;
      }
      latenciesMs.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  const elapsedMs = performance.now() - started;
  if (failure !== undefined) throw failure;
  return { ...summarize(latenciesMs, elapsedMs), latenciesMs };
}

export interface OpenLoopResult extends Measured {
  /** The most calls that were in flight at once. */
  maxInFlight: number;
  /** The latest a call was sent after its scheduled time (the driver's own lag). */
  maxSendLagMs: number;
}

/**
 * Open loop: call i is scheduled at start + i / rate, and sent then whether or not earlier calls have answered
 * (no cap on calls in flight), so a slow answer cannot hold back the arrivals behind it. Latency is measured from
 * the scheduled time, so the driver's own lag would count against the platform, never hide a stall.
 */
export async function runOpenLoop(
  ratePerSecond: number,
  durationMs: number,
  call: (index: number) => Promise<unknown>,
): Promise<OpenLoopResult> {
  const count = Math.round((ratePerSecond * durationMs) / 1000);
  const intervalMs = 1000 / ratePerSecond;
  const latenciesMs: number[] = [];
  const pending: Promise<void>[] = [];
  let failure: unknown;
  let inFlight = 0;
  let maxInFlight = 0;
  let maxSendLagMs = 0;
  const started = performance.now();
  for (let index = 0; index < count && failure === undefined; index += 1) {
    const scheduled = started + index * intervalMs;
    const wait = scheduled - performance.now();
    if (wait > 1) await sleep(wait - 1);
    // The last millisecond spun, for an even spacing (timers fire up to a millisecond late).
    while (performance.now() < scheduled) {
      /* spin */
    }
    maxSendLagMs = Math.max(maxSendLagMs, performance.now() - scheduled);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    pending.push(
      call(index).then(
        () => {
          inFlight -= 1;
          latenciesMs.push(performance.now() - scheduled);
        },
        (error: unknown) => {
          inFlight -= 1;
          failure ??= error;
        },
      ),
    );
  }
  await Promise.all(pending);
  const elapsedMs = performance.now() - started;
  if (failure !== undefined) throw failure;
  return { ...summarize(latenciesMs, elapsedMs), maxInFlight, maxSendLagMs };
}
