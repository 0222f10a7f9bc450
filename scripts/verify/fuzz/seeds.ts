// fast-check seeds: one per run (printed, so that a failing run can be repeated with VERIFY_SEED), and one per route
// or method derived from it, so that adding a route or a method does not change the others' requests.
import { randomInt } from 'node:crypto';

/** VERIFY_SEED when it is a whole number, else a random one. */
export function fuzzSeed(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number.parseInt(env.VERIFY_SEED ?? '', 10);
  return Number.isSafeInteger(given) ? given : randomInt(0, 2 ** 31 - 1);
}

export function seedFor(seed: number, key: string): number {
  let hash = seed | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}
