// Section "load" of `npm run verify`: thousands of checkout attempts from many buyers at high concurrency on a small
// capacity, with declines, abandons, double-clicks, two-tab buyers and late payments mixed in, through the BFF's real
// HTTP API of a whole platform started for it; then, once the platform is quiet, every database reconciled with the
// others and with the client's ledger (run.ts). And the control: the same rush through the BFF of a platform whose
// ordering has no lock oversells (control.ts).
import { mustBeAtLeast, mustBeZero, mustEqual, type Size, type VerifyFigure, type VerifySection } from '../figures';
import { CONTROL_RUSHES, runControl, type ControlOutcome } from './control';
import { type LoadRun, type LoadSize, loadAndReconcile, openLoadShop, startLoadStack } from './run';

export const SECTION = 'load';

/** ci fits `npm test` (≤ 3 minutes with its own platform); full is the size. */
export const LOAD_SIZES: Record<Size, LoadSize> = {
  ci: {
    attempts: 600,
    buyers: 250,
    concurrency: 32,
    capacity: 60,
    quietCapacity: 30,
    priceMinor: 2_500,
    rushShare: 0.4,
    trickleFromMs: 55_000,
    spreadMs: 78_000,
    latePayersInFront: 20,
  },
  full: {
    attempts: 5_000,
    buyers: 2_000,
    concurrency: 64,
    capacity: 300,
    quietCapacity: 100,
    priceMinor: 2_500,
    rushShare: 0.35,
    trickleFromMs: 30_000,
    spreadMs: 180_000,
    latePayersInFront: 60,
  },
};

/** The section's figures from a load run and its control. */
export function loadFigures(run: LoadRun, control: ControlOutcome): VerifyFigure[] {
  const { outcome, reconciliation: r, size } = run;
  const c = outcome.counts;
  const ledger = outcome.ledger.list();
  const late = ledger.filter((order) => order.kind === 'late');
  const lateAfterHold = late.filter((order) => order.pays.some((pay) => (pay.afterHoldMs ?? -1) >= 0));
  // The reconciler's example ids of the findings whose names contain one of `findings`.
  const example = (...findings: string[]) =>
    Object.entries(r.examples)
      .filter(([key]) => findings.some((finding) => key.includes(finding)))
      .map(([key, ids]) => `${key}: ${ids.join(', ')}`)
      .join('; ') || undefined;
  const twoTabBuyers = new Map<string, number>();
  for (const order of ledger)
    if (order.kind === 'two-tab' && order.seen?.status === 'paid')
      twoTabBuyers.set(`${order.buyer}`, (twoTabBuyers.get(`${order.buyer}`) ?? 0) + 1);
  const s = SECTION;
  return [
    mustEqual(s, 'checkout attempts', c.attempts, size.attempts),
    mustEqual(s, 'buyers', c.buyers, size.buyers),
    mustBeAtLeast(s, 'checkouts in flight at the peak', c.peakInFlight, size.concurrency),
    mustBeAtLeast(
      s,
      `orders reserved (capacity ${size.capacity}, and ${size.quietCapacity} for half the late payers)`,
      c.placed,
      size.capacity / 2,
    ),
    mustBeAtLeast(s, 'checkouts told sold out', c.soldOut, 1),
    mustBeAtLeast(s, 'orders paid', r.counts.orders.paid ?? 0, 1),
    mustBeAtLeast(s, 'payments declined', r.counts.attempts.failed ?? 0, 1),
    mustBeAtLeast(
      s,
      'declined, then paid on Retry payment',
      ledger.filter((o) => o.kind === 'decline-retry' && o.seen?.status === 'paid').length,
      1,
    ),
    mustBeAtLeast(
      s,
      'abandoned and expired',
      ledger.filter((o) => (o.kind === 'abandon' || o.kind === 'decline') && o.seen?.status === 'expired').length,
      1,
    ),
    mustBeAtLeast(s, 'double-clicked checkouts answered with one order', c.replayed, 1),
    mustBeZero(s, 'double-clicked checkouts that made two orders', c.doubleClickSplit),
    mustBeAtLeast(
      s,
      'two-tab buyers with both orders paid',
      [...twoTabBuyers.values()].filter((n) => n >= 2).length,
      1,
    ),
    mustBeAtLeast(s, 'second payments of a paid order refunded', r.counts.refundsByReason.duplicate_payment ?? 0, 1),
    mustBeAtLeast(s, 'late payments: Pay pressed after the hold ended', lateAfterHold.length, 1),
    mustBeAtLeast(s, 'late payments: tickets taken again (re-reserved)', r.counts.reReserved, 1),
    mustBeAtLeast(s, 'late payments: refunded (tickets gone)', r.counts.refundsByReason.late_payment ?? 0, 1),
    mustEqual(s, 'platform quiet after the run (outbox, consumers, holds)', run.quiet ? 1 : 0, 1, run.quiescenceNote),
    mustBeZero(s, 'oversold at the end', r.oversold, example('oversold')),
    mustBeZero(s, 'oversold at the worst moment of the run (sampled every 250 ms)', run.peakOversold),
    mustBeZero(
      s,
      'lost orders (paid or told of, missing or unfinished)',
      r.ordersLost,
      example('missing in ordering', 'ordering lacks', 'order still'),
    ),
    mustBeZero(s, 'paid orders without tickets', r.paidWithoutTickets, example('paid without tickets')),
    mustBeZero(s, 'duplicate tickets', r.duplicateTickets, example('valid tickets', 'more tickets')),
    mustBeZero(s, 'double charges', r.duplicateCharges, example('charged more than once')),
    mustBeZero(
      s,
      'successful payments neither paying their order nor refunded',
      r.successfulPaymentsNeitherPaidNorRefunded,
      example('neither'),
    ),
    mustBeZero(
      s,
      'ledger mismatch (money per order, client vs databases)',
      r.ledgerMismatch,
      example('money captured', "attempt's refunded", 'refund of an attempt', 'client saw'),
    ),
    mustBeZero(s, 'quota counts ≠ the orders holding them', r.quotaCountMismatch, example('quota counts')),
    mustBeZero(
      s,
      'duplicate e-mails delivered (counted at the SMTP inbox)',
      run.inboxDuplicates.duplicates,
      run.inboxDuplicates.examples.join('; ') ||
        'every message the inbox received, grouped by recipient, subject and body',
    ),
    mustBeZero(
      s,
      'duplicate confirmation e-mails recorded by notifications',
      r.duplicateEmails,
      example('more than one confirmation'),
    ),
    mustBeZero(
      s,
      'paid orders without a confirmation e-mail',
      r.missingConfirmations,
      example('without a confirmation'),
    ),
    mustBeZero(s, 'unpublished outbox rows', r.unpublishedOutboxRows),
    mustBeZero(s, 'parked (poison) messages', r.parkedMessages),
    mustBeZero(s, 'BFF 5xx answers', outcome.http.fiveXx),
    mustBeZero(
      s,
      'unexpected answers and unanswered requests',
      c.unexpected + outcome.http.gaveUp + c.journeyErrors + run.unreadPages,
      c.unexpectedExamples.join(' | ') || undefined,
    ),
    mustBeAtLeast(
      s,
      'control: the same rush through the BFF, ordering without the lock: oversold at the worst moment',
      control.oversold,
      1,
      `${control.rushes} rush(es) of at most ${CONTROL_RUSHES}, each on a fresh shop of capacity ${control.capacity}: ${control.accepted} of ${control.attempts} checkouts reserved an order; ${control.oversoldAtEnd} past capacity when the last was over`,
    ),
  ];
}

/** The whole section: its own platform, the shop, the load, the reconciliation, the control. */
export async function runLoadSection(
  sizeName: Size,
  log: (line: string) => void = () => undefined,
): Promise<{ figures: VerifyFigure[]; run: LoadRun; control: ControlOutcome }> {
  const size = LOAD_SIZES[sizeName];
  const started = Date.now();
  const stack = await startLoadStack();
  let run: LoadRun;
  try {
    log(`platform up in ${((Date.now() - started) / 1000).toFixed(1)} s (${stack.info.namespace})`);
    const shop = await openLoadShop(stack.info, size.capacity, size.priceMinor, size.quietCapacity);
    run = await loadAndReconcile(stack.info, shop, size, log);
  } finally {
    await stack.stop();
  }
  const control = await runControl(size, log);
  log(`control: ${JSON.stringify(control)}`);
  log(`section load (${sizeName}) took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { figures: loadFigures(run, control), run, control };
}

export const loadSection: VerifySection = {
  name: SECTION,
  run: async (size, log) => (await runLoadSection(size, log)).figures,
};
