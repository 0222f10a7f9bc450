import { setTimeout as sleep } from 'node:timers/promises';

export type Call = () => Promise<unknown>;

export interface LoadShape {
  /** Calls kept in flight: each worker starts its next call when the previous one settles. */
  concurrency: number;
  /** Run but not recorded, before the first round: lets connections open and the JIT settle. */
  warmupMs: number;
  /** Measured time per side is rounds × roundMs. */
  rounds: number;
  roundMs: number;
}

export interface LoadResult {
  completed: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /**
   * CPU milliseconds of this process per completed call (user + system over the side's rounds): the whole cost of a
   * call only where client and server both run in this process (the plumbing benchmark).
   */
  processCpuMsPerCall?: number;
}

/** One round of one side: every call's latency, the time the round took and, where measured, this process's CPU. */
export interface Samples {
  latenciesMs: number[];
  elapsedMs: number;
  cpuMs?: number;
}

/**
 * Measures `value` and `baseline` in alternating rounds (ABBA order), so that both see the same drift in
 * background load: on a shared machine, two back-to-back blocks of seconds can differ by a factor of two.
 */
export async function compareInterleaved(
  shape: LoadShape,
  value: Call,
  baseline: Call,
): Promise<{
  value: LoadResult;
  baseline: LoadResult;
  /** The value side's warm-up calls, not in its figures. */ warmupCompleted: number;
}> {
  const concurrency = shape.concurrency;
  const warmup = await runClosedLoop(concurrency, shape.warmupMs, value);
  await runClosedLoop(concurrency, shape.warmupMs, baseline);
  const valueRounds: Samples[] = [];
  const baselineRounds: Samples[] = [];
  for (let round = 0; round < shape.rounds; round += 1) {
    const order = round % 2 === 0 ? [value, baseline] : [baseline, value];
    for (const call of order)
      (call === value ? valueRounds : baselineRounds).push(await runClosedLoop(concurrency, shape.roundMs, call));
  }
  return {
    value: summarize(valueRounds),
    baseline: summarize(baselineRounds),
    warmupCompleted: warmup.latenciesMs.length,
  };
}

/**
 * Keeps `concurrency` calls in flight for `durationMs`, then lets the calls in flight finish, and records every
 * call with the time until the last one finished. Dropping the calls still in flight at the end would cut off
 * exactly the slow ones: a page slower than the round would show a latency of about the round's length.
 * Any failed call fails the run: a figure with errors in it is not a figure.
 */
export async function runClosedLoop(concurrency: number, durationMs: number, call: Call): Promise<Samples> {
  let running = true;
  const latenciesMs: number[] = [];
  let failure: unknown;
  const worker = async (): Promise<void> => {
    while (running && failure === undefined) {
      const started = performance.now();
      try {
        await call();
      } catch (error) {
        failure ??= error;
        return;
      }
      latenciesMs.push(performance.now() - started);
    }
  };
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const workers = Array.from({ length: concurrency }, worker);
  await sleep(durationMs);
  running = false;
  await Promise.all(workers);
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  if (failure !== undefined) throw failure;
  return { latenciesMs, elapsedMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** Totals over a side's rounds. */
export function summarize(rounds: Samples[]): LoadResult {
  const sorted = Float64Array.from(rounds.flatMap((round) => round.latenciesMs)).sort();
  const elapsedMs = rounds.reduce((total, round) => total + round.elapsedMs, 0);
  const measuredCpu = rounds.every((round) => round.cpuMs !== undefined) && sorted.length > 0;
  const cpuMs = rounds.reduce((total, round) => total + (round.cpuMs ?? 0), 0);
  return {
    completed: sorted.length,
    perSecond: (sorted.length * 1000) / elapsedMs,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    ...(measuredCpu ? { processCpuMsPerCall: cpuMs / sorted.length } : {}),
  };
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}
