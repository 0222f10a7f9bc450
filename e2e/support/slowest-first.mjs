// jest's test sequencer (a global option; it changes only the e2e project's order).
// The end-to-end files run on two workers: the longest must start first, or one of them is left running alone at the
// end. Jest orders by the durations it cached on an earlier run on this machine; on a clean clone it has none and
// falls back to file size, which puts the load and bad-input sections (15 lines each, about two minutes) last. So a
// file jest has not timed yet gets the seconds it took in a two-worker run here, or a browser file's usual 20 s.
// The sections that rush a platform of their own take testing/src/rush-lock.ts one after the other: two of them
// next to each other in the queue leave a worker waiting on the lock, so each is followed by at least its own length
// of other files, for the other worker to take meanwhile.
import { relative } from 'node:path';
import DefaultSequencer from '@jest/test-sequencer';

/** Seconds each file took in a two-worker `npm test` on the 2-core machine (2026-11-30); files over 30 s. */
const MEASURED_SECONDS = {
  'scripts/verify/sections/bad-input.e2e.test.ts': 177,
  'scripts/verify/sections/load.e2e.test.ts': 171,
  'e2e/system/payment-saga-crash.e2e.test.ts': 170,
  'scripts/verify/sections/abuse.e2e.test.ts': 145,
  'e2e/site/public-pages.e2e.test.ts': 112,
  'e2e/tickets/tickets.e2e.test.ts': 91,
  'e2e/site/marketing.e2e.test.ts': 88,
  'e2e/system/crash-after-commit.e2e.test.ts': 74,
  'e2e/system/purchase-trace-replicas.e2e.test.ts': 69,
  'e2e/dashboard/shell.e2e.test.ts': 66,
  'e2e/scanner/scanner.e2e.test.ts': 65,
  'e2e/events/events.e2e.test.ts': 62,
  'e2e/orders/organiser-orders.e2e.test.ts': 61,
  'e2e/shops/public-shop.e2e.test.ts': 54,
  'e2e/checkout/guest-checkout.e2e.test.ts': 53,
  'e2e/auth/social-sign-in.e2e.test.ts': 51,
  'e2e/shops/organiser-shops.e2e.test.ts': 45,
  'e2e/site/guards.e2e.test.ts': 43,
  'scripts/verify/sections/authorisation.e2e.test.ts': 38,
  'scripts/verify/sections/abuse-script-injection.e2e.test.ts': 34,
};
const UNMEASURED_SECONDS = 20;
/** The files that call holdRushLock. */
const RUSH_SECTIONS = new Set([
  'scripts/verify/sections/load.e2e.test.ts',
  'scripts/verify/sections/abuse.e2e.test.ts',
  'scripts/verify/sections/bad-input.e2e.test.ts',
]);

const fileOf = (test) => relative(test.context.config.rootDir, test.path).split('\\').join('/');

/**
 * `sorted` with each rush section followed by other files adding up to at least its own time (the other worker's
 * share while it runs), the rest in their order after the last one.
 */
export function spaceRushes(sorted, isRush, seconds) {
  const rushes = sorted.filter(isRush);
  const others = sorted.filter((test) => !isRush(test));
  const queue = [];
  for (const rush of rushes) {
    queue.push(rush);
    let covered = 0;
    while (covered < seconds(rush) && others.length > 0) {
      const next = others.shift();
      queue.push(next);
      covered += seconds(next);
    }
  }
  return [...queue, ...others];
}

export default class SlowestFirst extends DefaultSequencer {
  time(test) {
    const cached = super.time(test);
    if (cached != null || test.context.config.displayName?.name !== 'e2e') return cached;
    return (MEASURED_SECONDS[fileOf(test)] ?? UNMEASURED_SECONDS) * 1000;
  }

  sort(tests) {
    const sorted = super.sort(tests);
    return spaceRushes(
      sorted,
      (test) => RUSH_SECTIONS.has(fileOf(test)),
      (test) => (test.duration ?? UNMEASURED_SECONDS * 1000) / 1000,
    );
  }
}
