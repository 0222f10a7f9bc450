// Section "load" of `npm run verify`: thousands of checkout attempts from many buyers at high concurrency on a small
// capacity, with declines, abandons, double-clicks, two-tab buyers and late payments mixed in, through the BFF's real
// HTTP API of a whole platform started for it; then, once the platform is quiet, every database reconciled with the
// others and with the client's ledger. And the control: the same rush against an ordering without the lock oversells.
import { setTimeout as sleep } from 'node:timers/promises';
import { createGrpcClient, callerKeyFromRoot } from '@kassa/platform/grpc';
import { ShopServiceClient } from '@kassa/proto/catalog/v1/shops';
import { signUpViaApi, testAddress } from '../../../e2e/support/accounts';
import { inboxMessages } from '../../../e2e/support/mail';
import { buildBffIfStale } from '../../../e2e/support/build-bff';
import { expectOk, openShopWithOneEvent } from '../../../e2e/support/sales';
import { type Stack, type StackInfo, startStack } from '../../../e2e/support/stack';
import { mustBeAtLeast, mustBeZero, mustEqual, type Size, type VerifyFigure, type VerifySection } from '../figures';
import { type DuplicateEmails, findDuplicateEmails } from '../faults/duplicate-emails';
import { describeQuiescence, waitForQuiescence } from '../quiescence';
import { reconcile, type Reconciliation, serviceDatabase, withDatabase } from '../reconcile';
import { runControl, type ControlOutcome } from './control';
import { LOAD_BFF_ENV, type LoadOptions, type LoadOutcome, type LoadShop, lookAtOrders, runLoad } from './driver';

export const SECTION = 'load';

export interface LoadSize {
  attempts: number;
  buyers: number;
  concurrency: number;
  /** The rush's item's ticket option. */
  capacity: number;
  /** A second item's ticket option, bought only by half the late payers (mix.ts): their tickets are still there. */
  quietCapacity: number;
  priceMinor: number;
  /**
   * The rush: this share of journeys at once; the rest come back from trickleFromMs to spreadMs, while the rush's holds
   * end (HOLD_MINUTES), so released tickets — a late payer's among them — find buyers.
   */
  rushShare: number;
  trickleFromMs: number;
  spreadMs: number;
  /** Late payers among the journeys that meet tickets: enough that some press Pay in the instant the hold ends. */
  latePayersInFront: number;
}

/** ci fits `npm test` (≤ 3 minutes with its own platform); full is the issue's size. */
export const LOAD_SIZES: Record<Size, LoadSize> = {
  ci: { attempts: 600, buyers: 250, concurrency: 32, capacity: 60, quietCapacity: 30, priceMinor: 2_500, rushShare: 0.4, trickleFromMs: 55_000, spreadMs: 78_000, latePayersInFront: 20 },
  full: {
    attempts: 5_000, buyers: 2_000, concurrency: 64, capacity: 300, quietCapacity: 100, priceMinor: 2_500, rushShare: 0.35, trickleFromMs: 30_000, spreadMs: 180_000, latePayersInFront: 60,
  },
};

/** The shortest hold catalog allows (minutes): abandoned orders expire within the run, late payers meet the hold's end. */
export const HOLD_MINUTES = 1;

const QUIET = { LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn' };

/** The platform of a load run: every service and the BFF (behind a trusted proxy, one address per buyer). */
export function startLoadStack(label = 'load'): Promise<Stack> {
  buildBffIfStale();
  return startStack(label, ['mail', 'identity', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications', 'bff'], {
    env: { identity: QUIET, catalog: QUIET, ordering: QUIET, payments: QUIET, ticketing: QUIET, notifications: QUIET, bff: { ...QUIET, ...LOAD_BFF_ENV } },
  });
}

/**
 * An organiser signs up and opens a shop selling one ticket option of `capacity` at `priceMinor` (and, with
 * `quietCapacity`, a second one of that many at the same price), holding carts for HOLD_MINUTES; resolves once ordering
 * sells them with that hold. As the organiser does it: the event and its ticket options through the BFF's API, the
 * shop through catalog's gRPC (e2e/support/sales.ts).
 */
export async function openLoadShop(info: StackInfo, capacity: number, priceMinor: number, quietCapacity = 0): Promise<LoadShop> {
  const owner = await signUpViaApi(info.bffUrl!, info.mailInboxUrl!, testAddress('load-organiser'), 'Load Organiser');
  const opened = await openShopWithOneEvent(owner, info, { name: 'Load rush', capacity, priceMinor });
  const shops = createGrpcClient(ShopServiceClient, info.catalogGrpc!, { callerKey: callerKeyFromRoot(info.env.KASSA_CALLER_KEY!), deadlineMs: 10_000 });
  let quietItemId: string | undefined;
  try {
    const as = { actorUserId: owner.userId };
    if (quietCapacity > 0) {
      const { ticketOption } = expectOk(
        await owner.api.call('POST', `/api/organisations/${opened.orgId}/events/${opened.eventId}/ticket-options`, { name: 'Balcony', description: '', capacity: quietCapacity, translations: [] }),
        'create the quiet ticket option',
      ) as { ticketOption: { id: string } };
      const { item } = await shops.createShopItem(
        { organisationId: opened.orgId, shopId: opened.shopId, fields: { ticketOptionId: ticketOption.id, extraEventIds: [], name: 'Balcony', priceMinor, saleStart: undefined, saleEnd: undefined, position: 1 } },
        as,
      );
      quietItemId = item!.id;
    }
    const { shop } = await shops.getShop({ organisationId: opened.orgId, shopId: opened.shopId }, as);
    await shops.updateShop(
      {
        organisationId: opened.orgId,
        shopId: opened.shopId,
        fields: {
          name: shop!.name, description: shop!.description, opensAt: shop!.opensAt, closesAt: shop!.closesAt, translations: shop!.translations,
          currency: shop!.currency, password: undefined, donation: shop!.donation, reservationMinutes: HOLD_MINUTES,
        },
      },
      as,
    );
  } finally {
    shops.close();
  }
  // catalog's snapshots reach ordering through the stream: wait until it sells the items with the short hold.
  const items = quietItemId ? [opened.itemId, quietItemId] : [opened.itemId];
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await withDatabase(serviceDatabase(info, 'ordering'), async (db) => {
      const { rows } = await db.query(
        `select 1 from shop s join shop_item i on i.shop_id = s.id where s.id = $1 and i.id = any($2) and s.reservation_minutes = $3 and s.status = 'public'`,
        [opened.shopId, items, HOLD_MINUTES],
      );
      return rows.length === items.length;
    });
    if (ready) break;
    if (Date.now() > deadline) throw new Error('ordering never projected the load shop with its short hold');
    await sleep(200);
  }
  return { shopId: opened.shopId, itemId: opened.itemId, ...(quietItemId ? { quietItemId } : {}) };
}

export interface LoadRun {
  size: LoadSize;
  outcome: LoadOutcome;
  quiet: boolean;
  quietAfterMs: number;
  quiescenceNote: string;
  /** Order pages that did not answer in the final look. */
  unreadPages: number;
  reconciliation: Reconciliation;
  /** E-mails the stack's SMTP inbox received more than once (same recipient, subject and body), counted there. */
  inboxDuplicates: DuplicateEmails;
}

/** The load itself on a running platform: the rush, quiescence, the final look at every order page, the reconciliation. */
export async function loadAndReconcile(info: StackInfo, shop: LoadShop, size: LoadSize, log: (line: string) => void, extra: Partial<LoadOptions> = {}): Promise<LoadRun> {
  const outcome = await runLoad(info, shop, {
    attempts: size.attempts,
    buyers: size.buyers,
    concurrency: size.concurrency,
    rushShare: size.rushShare,
    trickleFromMs: size.trickleFromMs,
    spreadMs: size.spreadMs,
    // The opening rush meets the tickets: every kind of journey must be among the first ones.
    frontJourneys: Math.round(size.capacity * 0.8),
    minPerKindInFront: Math.max(3, Math.round(size.capacity / 20)),
    frontMinimums: { late: size.latePayersInFront },
    // Buyers who come back for released tickets pay (or retry until they do): the run ends one hold after the rush.
    rushOnlyKinds: ['decline', 'abandon', 'late'],
    log,
    ...extra,
  });
  log(`load done in ${(outcome.durationMs / 1000).toFixed(1)} s: ${JSON.stringify(outcome.counts)} http ${JSON.stringify(outcome.http)}`);
  const holdsLeftMs = Math.max(0, outcome.lastHoldEndsAt - Date.now());
  const quiescence = await waitForQuiescence(info, { timeoutMs: holdsLeftMs + 90_000 });
  const quiescenceNote = describeQuiescence(quiescence.last);
  log(`quiet: ${quiescence.quiet} after ${(quiescence.waitedMs / 1000).toFixed(1)} s (${quiescenceNote})`);
  const unreadPages = await lookAtOrders(info, outcome);
  log(`late payers (ms after the hold's end → what the order page shows): ${describeLatePayers(outcome)}`);
  const reconciliation = await reconcile(info, outcome.ledger);
  log(`reconciliation: ${JSON.stringify(reconciliation)}`);
  log(`ordering's expiries after the hold's end (ms): ${await expiryLateness(info)}`);
  // Counted where the guest would see them, independently of notifications' own records; no interruption explains any.
  const inboxDuplicates = findDuplicateEmails(await inboxMessages(info.mailInboxUrl!), []);
  log(`SMTP inbox: ${inboxDuplicates.duplicates} duplicate deliveries`);
  return { size, outcome, quiet: quiescence.quiet, quietAfterMs: quiescence.waitedMs, quiescenceNote, unreadPages, reconciliation, inboxDuplicates };
}

/** How late ordering expired orders after their hold's end: p50, p95 and max (ms), from its order history. */
async function expiryLateness(info: StackInfo): Promise<string> {
  return withDatabase(serviceDatabase(info, 'ordering'), async (db) => {
    const { rows } = await db.query<{ p50: number | null; p95: number | null; max: number | null; n: string }>(
      `select percentile_cont(0.5) within group (order by lateness) as p50, percentile_cont(0.95) within group (order by lateness) as p95,
              max(lateness) as max, count(*) as n
         from (select extract(epoch from h.at - o.expires_at) * 1000 as lateness
                 from order_history h join orders o on o.id = h.order_id where h.action = 'expired') l`,
    );
    const row = rows[0]!;
    const ms = (value: number | null) => (value === null ? '-' : Math.round(value));
    return `p50 ${ms(row.p50)}, p95 ${ms(row.p95)}, max ${ms(row.max)} over ${row.n}`;
  });
}

/** Each late payer's press relative to the hold's end and the order's final status (and outcome). */
export function describeLatePayers(outcome: Pick<LoadOutcome, 'ledger'>): string {
  return outcome.ledger
    .list()
    .filter((order) => order.kind === 'late' && order.pays.length > 0)
    .map((order) => ({ after: order.pays[0]!.afterHoldMs ?? NaN, seen: order.seen }))
    .sort((a, b) => a.after - b.after)
    .map(({ after, seen }) => `${after}→${seen?.status ?? '?'}${seen?.outcome ? `/${seen.outcome}` : ''}`)
    .join(' ');
}

/** The section's figures from a load run and its control. */
export function loadFigures(run: LoadRun, control: ControlOutcome): VerifyFigure[] {
  const { outcome, reconciliation: r, size } = run;
  const c = outcome.counts;
  const ledger = outcome.ledger.list();
  const late = ledger.filter((order) => order.kind === 'late');
  const lateAfterHold = late.filter((order) => order.pays.some((pay) => (pay.afterHoldMs ?? -1) >= 0));
  // The reconciler's example ids of the findings whose names contain one of `findings`.
  const example = (...findings: string[]) =>
    Object.entries(r.examples).filter(([key]) => findings.some((finding) => key.includes(finding))).map(([key, ids]) => `${key}: ${ids.join(', ')}`).join('; ') || undefined;
  const twoTabBuyers = new Map<string, number>();
  for (const order of ledger) if (order.kind === 'two-tab' && order.seen?.status === 'paid') twoTabBuyers.set(`${order.buyer}`, (twoTabBuyers.get(`${order.buyer}`) ?? 0) + 1);
  const s = SECTION;
  return [
    mustEqual(s, 'checkout attempts', c.attempts, size.attempts),
    mustEqual(s, 'buyers', c.buyers, size.buyers),
    mustBeAtLeast(s, 'checkouts in flight at the peak', c.peakInFlight, size.concurrency),
    mustBeAtLeast(s, `orders reserved (capacity ${size.capacity}, and ${size.quietCapacity} for half the late payers)`, c.placed, size.capacity / 2),
    mustBeAtLeast(s, 'checkouts told sold out', c.soldOut, 1),
    mustBeAtLeast(s, 'orders paid', r.counts.orders.paid ?? 0, 1),
    mustBeAtLeast(s, 'payments declined', r.counts.attempts.failed ?? 0, 1),
    mustBeAtLeast(s, 'declined, then paid on Retry payment', ledger.filter((o) => o.kind === 'decline-retry' && o.seen?.status === 'paid').length, 1),
    mustBeAtLeast(s, 'abandoned and expired', ledger.filter((o) => (o.kind === 'abandon' || o.kind === 'decline') && o.seen?.status === 'expired').length, 1),
    mustBeAtLeast(s, 'double-clicked checkouts answered with one order', c.replayed, 1),
    mustBeZero(s, 'double-clicked checkouts that made two orders', c.doubleClickSplit),
    mustBeAtLeast(s, 'two-tab buyers with both orders paid', [...twoTabBuyers.values()].filter((n) => n >= 2).length, 1),
    mustBeAtLeast(s, 'second payments of a paid order refunded', r.counts.refundsByReason.duplicate_payment ?? 0, 1),
    mustBeAtLeast(s, 'late payments: Pay pressed after the hold ended', lateAfterHold.length, 1),
    mustBeAtLeast(s, 'late payments: tickets taken again (re-reserved)', r.counts.reReserved, 1),
    mustBeAtLeast(s, 'late payments: refunded (tickets gone)', r.counts.refundsByReason.late_payment ?? 0, 1),
    mustEqual(s, 'platform quiet after the run (outbox, consumers, holds)', run.quiet ? 1 : 0, 1, run.quiescenceNote),
    mustBeZero(s, 'oversold', r.oversold, example('oversold')),
    mustBeZero(s, 'lost orders (paid or told of, missing or unfinished)', r.ordersLost, example('missing in ordering', 'ordering lacks', 'order still')),
    mustBeZero(s, 'paid orders without tickets', r.paidWithoutTickets, example('paid without tickets')),
    mustBeZero(s, 'duplicate tickets', r.duplicateTickets, example('valid tickets', 'more tickets')),
    mustBeZero(s, 'double charges', r.duplicateCharges, example('charged more than once')),
    mustBeZero(s, 'successful payments neither paying their order nor refunded', r.successfulPaymentsNeitherPaidNorRefunded, example('neither')),
    mustBeZero(s, 'ledger mismatch (money per order, client vs databases)', r.ledgerMismatch, example('money captured', "attempt's refunded", 'refund of an attempt', 'client saw')),
    mustBeZero(s, 'quota counts ≠ the orders holding them', r.quotaCountMismatch, example('quota counts')),
    mustBeZero(
      s,
      'duplicate e-mails delivered (counted at the SMTP inbox)',
      run.inboxDuplicates.duplicates,
      run.inboxDuplicates.examples.join('; ') || 'every message the inbox received, grouped by recipient, subject and body',
    ),
    mustBeZero(s, 'duplicate confirmation e-mails recorded by notifications', r.duplicateEmails, example('more than one confirmation')),
    mustBeZero(s, 'paid orders without a confirmation e-mail', r.missingConfirmations, example('without a confirmation')),
    mustBeZero(s, 'unpublished outbox rows', r.unpublishedOutboxRows),
    mustBeZero(s, 'parked (poison) messages', r.parkedMessages),
    mustBeZero(s, 'BFF 5xx answers', outcome.http.fiveXx),
    mustBeZero(s, 'unexpected answers and unanswered requests', c.unexpected + outcome.http.gaveUp + c.journeyErrors + run.unreadPages, c.unexpectedExamples.join(' | ') || undefined),
    mustBeAtLeast(s, 'control without the lock: oversold', control.oversold, 1, `${control.accepted} of ${control.attempts} checkouts accepted on a capacity of ${control.capacity}`),
  ];
}

/** The whole section: its own platform, the shop, the load, the reconciliation, the control. */
export async function runLoadSection(sizeName: Size, log: (line: string) => void = () => undefined): Promise<{ figures: VerifyFigure[]; run: LoadRun; control: ControlOutcome }> {
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
  const control = await runControl({ attempts: size.attempts, concurrency: size.concurrency, capacity: size.capacity });
  log(`control: ${JSON.stringify(control)}`);
  log(`section load (${sizeName}) took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { figures: loadFigures(run, control), run, control };
}

export const loadSection: VerifySection = {
  name: SECTION,
  run: async (size, log) => (await runLoadSection(size, log)).figures,
};
