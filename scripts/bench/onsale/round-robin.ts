import { summarize, type LoadResult, type Samples } from '../lib/closed-loop';
import { addReadings, type CpuMeter, type CpuReading } from '../lib/process-cpu';

/** Something measured in rounds: the platform's checkout at some load, or a pgbench script. */
export interface Side {
  label: string;
  /** Run, not recorded, before the first round (connections, JIT, caches). */
  warmup(): Promise<void>;
  round(ms: number): Promise<Samples>;
}

/**
 * Runs every side once per round, the order rotated by one each round, so that every side sees the same drift in
 * background load (compareInterleaved's ABBA, for more than two sides). Results are totals over the rounds.
 */
export async function measureRoundRobin(
  sides: readonly Side[],
  rounds: number,
  roundMs: number,
  meter?: CpuMeter,
): Promise<{ results: Map<Side, LoadResult>; cpu: CpuReading[] }> {
  for (const side of sides) {
    console.error(`  warm-up: ${side.label}`);
    await side.warmup();
  }
  const samples = new Map<Side, Samples[]>(sides.map((side) => [side, []]));
  const readings = new Map<Side, CpuReading[]>(sides.map((side) => [side, []]));
  for (let round = 0; round < rounds; round += 1) {
    console.error(`  round ${round + 1} of ${rounds} (${sides.length} sides × ${roundMs} ms)...`);
    for (let step = 0; step < sides.length; step += 1) {
      const side = sides[(round + step) % sides.length]!;
      if (!meter) {
        samples.get(side)!.push(await side.round(roundMs));
        continue;
      }
      const { result, reading } = await meter.measure(
        side.label,
        () => side.round(roundMs),
        (measured) => measured.latenciesMs.length,
      );
      samples.get(side)!.push(result);
      readings.get(side)!.push(reading);
    }
  }
  return {
    results: new Map(sides.map((side) => [side, summarize(samples.get(side)!)])),
    cpu: meter ? sides.map((side) => addReadings(side.label, readings.get(side)!)) : [],
  };
}
