/**
 * Exponential backoff with "equal jitter": half the exponential delay plus a random share of the other half,
 * so that many rows or messages failing together do not retry in lockstep.
 * `attempt` counts from 1.
 */
export function backoffDelayMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
