// jest's test sequencer (a global option; it changes only the e2e project's order).
// The end-to-end files run on two workers: the longest must start first, or one of them is left running alone at the
// end. Jest orders by the durations it cached on an earlier run on this machine; on a clean clone it has none and
// falls back to file size, which puts the load and bad-input sections (15 lines each, about two minutes) last. So a
// file jest has not timed yet gets the seconds it took in a two-worker run here, or a browser file's usual 20 s.
import { relative } from 'node:path';
import DefaultSequencer from '@jest/test-sequencer';

/** Seconds each file took in a two-worker `npm test` on the 2-core machine (2026-11-29); files over 30 s. */
const MEASURED_SECONDS = {
  'scripts/verify/sections/abuse.e2e.test.ts': 148,
  'scripts/verify/sections/load.e2e.test.ts': 130,
  'e2e/system/payment-saga-crash.e2e.test.ts': 122,
  'e2e/site/public-pages.e2e.test.ts': 80,
  'scripts/verify/sections/bad-input.e2e.test.ts': 72,
  'e2e/tickets/tickets.e2e.test.ts': 54,
  'e2e/shops/public-shop.e2e.test.ts': 47,
  'e2e/site/guards.e2e.test.ts': 46,
  'e2e/site/marketing.e2e.test.ts': 44,
  'scripts/verify/sections/authorisation.e2e.test.ts': 40,
  'e2e/system/purchase-trace-replicas.e2e.test.ts': 39,
  'e2e/scanner/scanner.e2e.test.ts': 33,
  'e2e/dashboard/shell.e2e.test.ts': 32,
};
const UNMEASURED_SECONDS = 20;

export default class SlowestFirst extends DefaultSequencer {
  time(test) {
    const cached = super.time(test);
    if (cached != null || test.context.config.displayName?.name !== 'e2e') return cached;
    const file = relative(test.context.config.rootDir, test.path).split('\\').join('/');
    return (MEASURED_SECONDS[file] ?? UNMEASURED_SECONDS) * 1000;
  }
}
