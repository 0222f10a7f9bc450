// The load run itself, on a platform started for it: its services and BFF, the shop a rush meets, the rush through
// the BFF's API, quiescence, the final look at every order page and the reconciliation. The section (scenario.ts)
// runs it twice: on the real platform, and as the control with ordering's guard removed (control.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import { createGrpcClient, callerKeyFromRoot } from '@kassa/platform/grpc';
import { ShopServiceClient } from '@kassa/proto/catalog/v1/shops';
import { signUpViaApi, testAddress } from '@kassa/testing/accounts';
import { inboxMessages } from '@kassa/testing/mail';
import { buildBffIfStale } from '@kassa/testing/build-bff';
import { expectOk, openShopWithOneEvent } from '@kassa/testing/sales';
import { type Stack, type StackInfo, type StackOptions, startStack } from '@kassa/testing/stack';
import { type DuplicateEmails, findDuplicateEmails } from '../faults/duplicate-emails';
import { describeQuiescence, waitForQuiescence } from '../quiescence';
import { oversoldNow, reconcile, type Reconciliation, serviceDatabase, withDatabase } from '../reconcile';
import { LOAD_BFF_ENV, type LoadOptions, type LoadOutcome, type LoadShop, lookAtOrders, runLoad } from './driver';

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

/** The shortest hold catalog allows (minutes): abandoned orders expire within the run, late payers meet the hold's end. */
export const HOLD_MINUTES = 1;

const QUIET = { LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn' };

/** The platform of a load run: every service and the BFF (behind a trusted proxy, one address per buyer). */
export function startLoadStack(label = 'load', entries: StackOptions['entries'] = {}): Promise<Stack> {
  buildBffIfStale();
  return startStack(
    label,
    ['mail', 'identity', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications', 'bff'],
    {
      env: {
        identity: QUIET,
        catalog: QUIET,
        ordering: QUIET,
        payments: QUIET,
        ticketing: QUIET,
        notifications: QUIET,
        bff: { ...QUIET, ...LOAD_BFF_ENV },
      },
      entries,
    },
  );
}

/**
 * An organiser signs up and opens a shop selling one ticket option of `capacity` at `priceMinor` (and, with
 * `quietCapacity`, a second one of that many at the same price), holding carts for HOLD_MINUTES; resolves once ordering
 * sells them with that hold. As the organiser does it: the event and its ticket options through the BFF's API, the
 * shop through catalog's gRPC (testing/src/sales.ts).
 */
export async function openLoadShop(
  info: StackInfo,
  capacity: number,
  priceMinor: number,
  quietCapacity = 0,
): Promise<LoadShop> {
  const owner = await signUpViaApi(info.bffUrl!, info.mailInboxUrl!, testAddress('load-organiser'), 'Load Organiser');
  const opened = await openShopWithOneEvent(owner, info, { name: 'Load rush', capacity, priceMinor });
  const shops = createGrpcClient(ShopServiceClient, info.catalogGrpc!, {
    callerKey: callerKeyFromRoot(info.env.KASSA_CALLER_KEY!),
    deadlineMs: 10_000,
  });
  let quietItemId: string | undefined;
  try {
    const as = { actorUserId: owner.userId };
    if (quietCapacity > 0) {
      const { ticketOption } = expectOk(
        await owner.api.call('POST', `/api/organisations/${opened.orgId}/events/${opened.eventId}/ticket-options`, {
          name: 'Balcony',
          description: '',
          capacity: quietCapacity,
          translations: [],
        }),
        'create the quiet ticket option',
      ) as { ticketOption: { id: string } };
      const { item } = await shops.createShopItem(
        {
          organisationId: opened.orgId,
          shopId: opened.shopId,
          fields: {
            ticketOptionId: ticketOption.id,
            extraEventIds: [],
            name: 'Balcony',
            priceMinor,
            saleStart: undefined,
            saleEnd: undefined,
            position: 1,
          },
        },
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
          name: shop!.name,
          description: shop!.description,
          opensAt: shop!.opensAt,
          closesAt: shop!.closesAt,
          translations: shop!.translations,
          currency: shop!.currency,
          password: undefined,
          donation: shop!.donation,
          reservationMinutes: HOLD_MINUTES,
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
  /** The most tickets past capacity at any moment of the run (oversoldNow, sampled every SAMPLE_EVERY_MS). */
  peakOversold: number;
}

const SAMPLE_EVERY_MS = 250;

/**
 * Samples oversoldNow until stopped and answers the highest: a hold taken past capacity lasts until it expires or is
 * paid (seconds at least), so no oversell escapes the samples, even one whose hold has ended by the end of the run.
 */
export function watchOversold(info: StackInfo): { stop(): Promise<number> } {
  const url = serviceDatabase(info, 'ordering');
  let peak = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      peak = Math.max(peak, await oversoldNow(url));
      await sleep(SAMPLE_EVERY_MS);
    }
  })();
  return {
    async stop() {
      running = false;
      await sampling;
      return Math.max(peak, await oversoldNow(url));
    },
  };
}

/** The load itself on a running platform: the rush, quiescence, the final look at every order page, the reconciliation. */
export async function loadAndReconcile(
  info: StackInfo,
  shop: LoadShop,
  size: LoadSize,
  log: (line: string) => void,
  extra: Partial<LoadOptions> = {},
): Promise<LoadRun> {
  const oversoldWatch = watchOversold(info);
  let outcome: LoadOutcome;
  let quiescence: Awaited<ReturnType<typeof waitForQuiescence>>;
  let peakOversold: number;
  try {
    outcome = await runLoad(info, shop, {
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
    log(
      `load done in ${(outcome.durationMs / 1000).toFixed(1)} s: ${JSON.stringify(outcome.counts)} http ${JSON.stringify(outcome.http)}`,
    );
    const holdsLeftMs = Math.max(0, outcome.lastHoldEndsAt - Date.now());
    quiescence = await waitForQuiescence(info, { timeoutMs: holdsLeftMs + 90_000 });
    log(
      `quiet: ${quiescence.quiet} after ${(quiescence.waitedMs / 1000).toFixed(1)} s (${describeQuiescence(quiescence.last)})`,
    );
  } finally {
    // Until the platform is quiet: the last expiries and late payments are watched too.
    peakOversold = await oversoldWatch.stop();
  }
  log(`oversold at the worst moment of the run: ${peakOversold}`);
  const unreadPages = await lookAtOrders(info, outcome);
  log(`late payers (ms after the hold's end → what the order page shows): ${describeLatePayers(outcome)}`);
  const reconciliation = await reconcile(info, outcome.ledger);
  log(`reconciliation: ${JSON.stringify(reconciliation)}`);
  log(`ordering's expiries after the hold's end (ms): ${await expiryLateness(info)}`);
  // Counted where the guest would see them, independently of notifications' own records; no interruption explains any.
  const inboxDuplicates = findDuplicateEmails(await inboxMessages(info.mailInboxUrl!), []);
  log(`SMTP inbox: ${inboxDuplicates.duplicates} duplicate deliveries`);
  return {
    size,
    outcome,
    quiet: quiescence.quiet,
    quietAfterMs: quiescence.waitedMs,
    quiescenceNote: describeQuiescence(quiescence.last),
    unreadPages,
    reconciliation,
    inboxDuplicates,
    peakOversold,
  };
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
