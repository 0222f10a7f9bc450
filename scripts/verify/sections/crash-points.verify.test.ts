// `npm run verify`, section "faults", part 1 (part 2, the supervisor, is faults.e2e-alone.test.ts): a kill -9
// (KASSA_CRASH_POINT) of ordering, payments, ticketing or notifications at each step boundary of a purchase
// (scripts/verify/faults/crash-matrix.ts): after a commit before its publish, after a publish before its mark, after
// an effect before its ack, after the provider call before its id is saved, after the SMTP send before it is
// recorded, and the saga's own points. The killed service is started again; the guest retries what failed. Every
// purchase must end paid once, with its tickets and its e-mail.
// Only in `npm run verify` (a *.verify.test.ts file, jest project "verify"): in `npm test`, ordering's and payments'
// crash points are covered by e2e/system/payment-saga-crash.e2e.test.ts and identity's by crash-after-commit.
import { testAddress } from '@kassa/testing/accounts';
import { formatFigures, mustBeAtMost, mustEqual, recordFigures, verifySize } from '../figures';
import { caseName, crashMatrix, runCrashMatrix } from '../faults/crash-matrix';
import { findDuplicateEmails } from '../faults/duplicate-emails';
import { waitUntilSettled } from '../faults/settle';
import { crashStack } from '../faults/stack-adapters';
import {
  deliveryFigures,
  emailsTo,
  faultsLog,
  reconciledFigures,
  reconcileOrders,
  SECTION,
  useFaultsStack,
} from './faults-stack';

const size = verifySize();
const SETTLE_MS = size === 'full' ? 600_000 : 150_000;

jest.setTimeout(size === 'full' ? 60 * 60_000 : 15 * 60_000);

const log = faultsLog(Date.now());
const opened = useFaultsStack('crashes', { name: 'Crash Point Hall', capacity: 100, priceMinor: 2500 }, log);

it('the crash-point matrix: a kill -9 at each step boundary of a purchase, and every purchase paid once, ticketed and confirmed', async () => {
  const { faults, shop: crashShop } = opened;
  const cases = crashMatrix(size);
  const matrix = await runCrashMatrix({
    matrix: cases,
    stack: crashStack(faults.stack),
    probe: faults.probe,
    shopId: crashShop.shopId,
    itemId: crashShop.itemId,
    guestEmail: (round) => testAddress(`crash-round-${round}`),
    log,
  });
  const settled = await waitUntilSettled(faults.stack.info, SETTLE_MS, log);
  const found = await reconcileOrders(faults, new Set(matrix.orderIds));
  const { delivered: inbox, delivery } = await emailsTo(faults, 'crash-round-');
  // A kill at the send point may send that round's confirmation again, and nothing else may.
  const duplicates = findDuplicateEmails(inbox, []);
  const missed = matrix.outcomes.filter((outcome) => !outcome.reached).map((outcome) => caseName(outcome.crash));
  log(
    `crash matrix: ${matrix.outcomes.length} points in ${matrix.orderIds.length} purchases, ${matrix.guestRetries} guest retries, ${Math.round(matrix.durationMs / 1000)} s; settled: ${settled.last}`,
  );

  const figures = [
    mustEqual(
      SECTION,
      'crash points: step boundaries of a purchase killed at (kill -9, KASSA_CRASH_POINT)',
      matrix.outcomes.filter((outcome) => outcome.reached).length,
      cases.length,
      missed.length ? `never reached: ${missed.join(', ')}` : undefined,
    ),
    mustEqual(SECTION, 'crash points: purchases paid', found.counts.orders.paid ?? 0, matrix.orderIds.length),
    mustEqual(SECTION, 'crash points: settled afterwards (1 = yes)', settled.settled ? 1 : 0, 1, settled.last),
    ...reconciledFigures('crash points', found),
    mustBeAtMost(
      SECTION,
      'crash points: duplicate e-mails (≤ kills at the send point)',
      duplicates.duplicates,
      matrix.killsAtSendPoint,
      duplicates.examples.join('; '),
    ),
    mustEqual(
      SECTION,
      'crash points: guests who got their confirmation',
      new Set(inbox.map((message) => message.to)).size,
      matrix.orderIds.length,
    ),
    ...deliveryFigures('crash points', delivery),
  ];
  log(`kills at the send point: ${matrix.killsAtSendPoint}, duplicate e-mails: ${duplicates.duplicates}`);
  recordFigures(SECTION, figures);
  log(`\n${formatFigures(figures)}`);
  expect(figures.filter((figure) => !figure.ok)).toEqual([]);
});
