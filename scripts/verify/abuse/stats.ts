// Medians for the timing comparison of existing and unknown addresses: a median ignores the few requests that
// waited behind a garbage collection or another process, which a mean would let decide the verdict.

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface TimingComparison {
  medianA: number;
  medianB: number;
  /** |medianA − medianB| in ms. */
  differenceMs: number;
  /** The difference as a share of the smaller median. */
  relative: number;
  /** |median of a[i] − b[i]| in ms: the samples taken in pairs, one right after the other. */
  pairedMs: number;
}

export function compareTimings(a: readonly number[], b: readonly number[]): TimingComparison {
  const medianA = median(a);
  const medianB = median(b);
  const differenceMs = Math.abs(medianA - medianB);
  return {
    medianA,
    medianB,
    differenceMs,
    relative: differenceMs / Math.max(Math.min(medianA, medianB), Number.EPSILON),
    pairedMs: Math.abs(medianPairedDifference(a, b)),
  };
}

/** Rounds to one decimal, for the table. */
export const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

/**
 * The median of the differences of paired samples (a[i] − b[i], taken one right after the other): what the machine
 * was busy with at that moment slows both alike and cancels, which medians of the two samples taken apart do not.
 */
export function medianPairedDifference(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error('paired samples of different lengths');
  return median(a.map((value, i) => value - b[i]!));
}
