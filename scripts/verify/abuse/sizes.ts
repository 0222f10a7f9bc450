// How hard each abuse check pushes: `ci` fits `npm test` (the whole section in a few minutes on two shared cores),
// `full` is `npm run verify`'s attack. The limits attacked are the platform's own, never raised for the test.
import type { Size } from '../figures';

export interface AbuseSizes {
  signIn: {
    /** Addresses attacked; `existing` of them have accounts (the first is "the real owner"), the rest do not. */
    addresses: number;
    existing: number;
    /** Attacker client addresses the code requests rotate over. */
    attackerIps: number;
    /** Code requests per address: one more than the per-address limit leaves after the owner's own request. */
    rounds: number;
    /** Guesses per challenge: one more than identity compares, to show the next is refused. */
    guessesPerChallenge: number;
    /** Accounts (and as many unknown addresses) whose answers are timed; each gives four code requests. */
    timingAddresses: number;
  };
  scan: {
    /** Paid orders of two tickets each whose tickets must all be admitted. */
    orders: number;
    /** Random strings scanned (codes in the signed format, references, garbage). */
    randomStrings: number;
  };
  flood: {
    /** Requests past each endpoint's limit. */
    beyondLimit: number;
    concurrency: number;
    /** Buyers, each from their own address, who check out and pay during each flood. */
    buyersPerFlood: number;
  };
}

export function abuseSizes(size: Size): AbuseSizes {
  return size === 'full'
    ? {
        signIn: {
          addresses: 60,
          existing: 15,
          attackerIps: 40,
          rounds: 5,
          guessesPerChallenge: 6,
          timingAddresses: 30,
        },
        scan: { orders: 20, randomStrings: 2_000 },
        flood: { beyondLimit: 400, concurrency: 16, buyersPerFlood: 2 },
      }
    : {
        signIn: { addresses: 12, existing: 4, attackerIps: 8, rounds: 5, guessesPerChallenge: 6, timingAddresses: 12 },
        scan: { orders: 3, randomStrings: 200 },
        flood: { beyondLimit: 50, concurrency: 16, buyersPerFlood: 1 },
      };
}
