// The load driver: buyers going through the BFF's real HTTP API — checkout, the demo provider's page, Retry payment,
// the order page — as the journeys of mix.ts, `concurrency` of them at a time, for a number of checkouts or for a
// while. Every answer goes into the client's ledger and the HTTP counts; nothing here reads a database. The faults
// section runs the same driver while it kills processes: requests that find no server are retried as a browser
// would (browser.ts) and counted.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Browser, emptyHttpCounts, type Answer, type BrowserOptions, type HttpCounts } from './browser';
import { ClientLedger, type LedgerOrder } from './ledger';
import { JOURNEY_KINDS, type JourneyKind, type MixShares, planJourneys, type PlannedJourney } from './mix';

/**
 * What the BFF of a load run needs: buyers' own addresses believed (one per buyer) and the per-address limits on
 * checkouts and on guest reads (order pages and their API) out of the way. With an address per buyer neither is
 * reached as planned (a buyer's order pages ask a few dozen times a minute, the guest-read limit is 600), but a buyer
 * who comes back often, or retries while processes restart, must not be told 429: the load measures the platform,
 * not the limiter (which still runs on every request).
 */
export const LOAD_BFF_ENV: Record<string, string> = {
  TRUST_PROXY: '1',
  KASSA_CHECKOUT_RATE_LIMIT: '1000000000',
  KASSA_GUEST_READ_RATE_LIMIT: '1000000000',
  KASSA_CODE_MISS_LIMIT: '1000000000',
};

export const SOLD_OUT = 'This item is sold out';

export interface LoadShop {
  shopId: string;
  /** The item of the rush. */
  itemId: string;
  /** An item of the same shop that only some late payers buy (mix.ts); without it they buy the rush's. */
  quietItemId?: string;
}

export interface LoadOptions {
  /** Checkout requests to send in all; the run ends when their journeys are done. Default (with durationMs): unbounded. */
  attempts?: number;
  /** Stop starting journeys after this long (the faults section's mode); journeys under way finish. */
  durationMs?: number;
  buyers: number;
  /** Journeys under way at once. */
  concurrency: number;
  seed?: number;
  shares?: Partial<MixShares>;
  /**
   * Share of journeys that start at once (the on-sale rush); the rest trickle in evenly from `trickleFromMs` to
   * `spreadMs` (buyers coming back as held tickets are released). Default: all at once.
   */
  rushShare?: number;
  trickleFromMs?: number;
  spreadMs?: number;
  /** Opening journeys that hold at least `minPerKindInFront` of each kind (or `frontMinimums` of one), so every path meets tickets. */
  frontJourneys?: number;
  minPerKindInFront?: number;
  frontMinimums?: Partial<Record<JourneyKind, number>>;
  /** Kinds kept to the rush (mix.ts): those that leave holds to run out, so that the trickle leaves none. */
  rushOnlyKinds?: readonly JourneyKind[];
  /** How long a guest's order page follows a paid order before giving up (ms). */
  followMs?: number;
  browser?: BrowserOptions;
  /** Stops starting journeys (journeys under way finish). */
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface LoadCounts {
  /** Checkout requests sent (a double-click sends two). */
  attempts: number;
  /** The most checkout requests under way at once. */
  peakInFlight: number;
  /** Buyers who sent at least one checkout. */
  buyers: number;
  journeys: Record<JourneyKind, number>;
  /** Orders the BFF said it placed (201), and answers that named an order already placed (200: the same request again). */
  placed: number;
  replayed: number;
  /** Checkouts told the item is sold out (or that fewer are left than asked for). */
  soldOut: number;
  /** Double-clicks whose two answers named two different orders (must never happen). */
  doubleClickSplit: number;
  /** Presses on the demo page, by action, answered 200. */
  pressed: Record<'pay' | 'fail' | 'abandon', number>;
  /** Retry payment answered with a new attempt (201) / refused because the order cannot be paid now (409). */
  retriedPayments: number;
  retryRefused: number;
  /** Orders the guest's order page showed paid before the guest left. */
  seenPaid: number;
  /** Late payers: Pay pressed after the hold's end (as the order page told it) / before it. */
  latePressedAfterHold: number;
  latePressedBeforeHold: number;
  /** Answers no guest should get (anything but the expected ones per step), with a few examples. */
  unexpected: number;
  unexpectedExamples: string[];
  /** Journeys that threw (a bug in the driver or an answer it could not read). */
  journeyErrors: number;
}

export interface LoadOutcome {
  ledger: ClientLedger;
  counts: LoadCounts;
  http: HttpCounts;
  /** The latest hold end any order page showed (epoch ms): abandoned orders expire by then. */
  lastHoldEndsAt: number;
  startedAt: number;
  durationMs: number;
  /** The buyers' e-mail addresses share this run id. */
  runId: string;
}

interface CheckoutAnswer {
  orderId?: string;
  /** The guest's key to the order: every later call on it (order page, Retry payment, the demo page) carries it as `?key=`. */
  accessKey?: string;
  status?: string;
  redirectUrl?: string;
  fields?: Record<string, string>;
}
interface OrderView {
  id: string;
  status: string;
  totalMinor: number;
  outcome: string;
  expiresAt: string | null;
  payable: boolean;
}

const FINAL = new Set(['paid', 'expired', 'canceled']);
const paymentIdIn = (redirectUrl: string | undefined): string | undefined =>
  /\/payments\/demo\/(pay_[0-9A-Za-z]+)/.exec(redirectUrl ?? '')?.[1];
const newKey = (label: string) => `${label}_${randomBytes(12).toString('base64url')}`;

/** An order as its guest holds it: the id and the access key the checkout answered. */
type OrderRef = { orderId: string; accessKey: string };
/** The order's guest API (`/api/orders/{id}[suffix]?key=…`), as the order page calls it. */
const orderApi = (order: OrderRef, suffix = '') =>
  `/api/orders/${order.orderId}${suffix}?key=${encodeURIComponent(order.accessKey)}`;

/** The BFF to load: its URL, or a stack's info. */
export type LoadTarget = string | { bffUrl?: string };
const bffUrlOf = (target: LoadTarget): string => {
  const url = typeof target === 'string' ? target : target.bffUrl;
  if (!url) throw new Error('the stack runs no BFF');
  return url;
};

/**
 * Runs the load against a BFF (started with LOAD_BFF_ENV) on one item of an open shop. Resolves when every journey,
 * late payments included, is done; never rejects for what the platform answers (it is all counted).
 */
export async function runLoad(target: LoadTarget, shop: LoadShop, options: LoadOptions): Promise<LoadOutcome> {
  const bffUrl = bffUrlOf(target);
  if (options.attempts === undefined && options.durationMs === undefined)
    throw new Error('runLoad needs attempts or durationMs');
  const runId = randomBytes(3).toString('hex');
  const log = options.log ?? (() => undefined);
  const plan = planJourneys({
    // A duration run draws from a long plan of the same mix.
    attempts: options.attempts ?? 200_000,
    buyers: options.buyers,
    seed: options.seed ?? 1,
    shares: options.shares,
    frontJourneys: options.frontJourneys,
    minPerKindInFront: options.minPerKindInFront,
    frontMinimums: options.frontMinimums,
    rushOnlyKinds: options.rushOnlyKinds,
    rushShare: options.rushShare,
    trickleFromMs: options.trickleFromMs,
    spreadMs: options.spreadMs,
  });
  const http = emptyHttpCounts();
  const browser = new Browser(bffUrl, http, options.browser);
  const ledger = new ClientLedger();
  const counts: LoadCounts = {
    attempts: 0,
    peakInFlight: 0,
    buyers: 0,
    journeys: Object.fromEntries(JOURNEY_KINDS.map((kind) => [kind, 0])) as Record<JourneyKind, number>,
    placed: 0,
    replayed: 0,
    soldOut: 0,
    doubleClickSplit: 0,
    pressed: { pay: 0, fail: 0, abandon: 0 },
    retriedPayments: 0,
    retryRefused: 0,
    seenPaid: 0,
    latePressedAfterHold: 0,
    latePressedBeforeHold: 0,
    unexpected: 0,
    unexpectedExamples: [],
    journeyErrors: 0,
  };
  const buyersSeen = new Set<number>();
  const detached = new Set<Promise<void>>();
  const followMs = options.followMs ?? 20_000;
  let lastHoldEndsAt = 0;
  let inFlight = 0;

  const unexpected = (step: string, answer: Answer) => {
    counts.unexpected += 1;
    if (counts.unexpectedExamples.length < 8)
      counts.unexpectedExamples.push(`${step}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
  };
  const emailOf = (buyer: number) => `buyer${buyer}-${runId}@example.test`;

  type Placed = OrderRef & { paymentId?: string; order: LedgerOrder };
  /** One checkout request; the order it placed (or named again), or null when sold out or refused. */
  async function checkout(journey: PlannedJourney, key: string): Promise<Placed | null> {
    counts.attempts += 1;
    buyersSeen.add(journey.buyer);
    inFlight += 1;
    counts.peakInFlight = Math.max(counts.peakInFlight, inFlight);
    let answer: Answer;
    try {
      answer = await browser.call(journey.buyer, 'POST', `/api/shops/${shop.shopId}/checkout`, {
        items: [{ itemId: (journey.quietItem && shop.quietItemId) || shop.itemId, quantity: journey.quantity }],
        email: emailOf(journey.buyer),
        subscribe: false,
        locale: 'en',
        discountCode: '',
        donationMinor: 0,
        idempotencyKey: key,
      });
    } finally {
      inFlight -= 1;
    }
    const body = (answer.body ?? {}) as CheckoutAnswer;
    if ((answer.status === 201 || answer.status === 200) && body.orderId) {
      const created = answer.status === 201;
      if (created) counts.placed += 1;
      else counts.replayed += 1;
      const accessKey = body.accessKey ?? '';
      const order = ledger.orderPlaced(
        body.orderId,
        { buyer: journey.buyer, email: emailOf(journey.buyer), kind: journey.kind, accessKey },
        created,
      );
      // The demo page's address: /payments/demo/{paymentId}?key={accessKey}.
      const paymentId = paymentIdIn(body.redirectUrl);
      if (paymentId) ledger.paymentOpened(body.orderId, paymentId);
      return { orderId: body.orderId, accessKey, paymentId, order };
    }
    const field = body.fields?.['items.0.quantity'] ?? '';
    if (answer.status === 400 && (field === SOLD_OUT || /^Maximum value is \d+$/.test(field))) counts.soldOut += 1;
    else unexpected('checkout', answer);
    return null;
  }

  /** Retry payment on the order page: a new attempt (or null when the order cannot be paid now). */
  async function retryPayment(journey: PlannedJourney, placed: OrderRef): Promise<string | null> {
    const answer = await browser.call(journey.buyer, 'POST', orderApi(placed, '/payments'), {
      idempotencyKey: newKey('retry'),
      locale: 'en',
    });
    const body = (answer.body ?? {}) as { paymentId?: string };
    if (answer.status === 201 && body.paymentId) {
      counts.retriedPayments += 1;
      ledger.paymentOpened(placed.orderId, body.paymentId);
      return body.paymentId;
    }
    if (answer.status === 409) counts.retryRefused += 1;
    else unexpected('retry payment', answer);
    return null;
  }

  /** A press on the demo provider's page. */
  async function press(
    journey: PlannedJourney,
    placed: OrderRef,
    paymentId: string,
    action: 'pay' | 'fail' | 'abandon',
    afterHoldMs?: number,
  ): Promise<void> {
    const at = Date.now();
    const answer = await browser.call(
      journey.buyer,
      'POST',
      `/api/payments/${paymentId}/demo?key=${encodeURIComponent(placed.accessKey)}`,
      { action, locale: 'en' },
    );
    ledger.pressed(placed.orderId, {
      paymentId,
      action,
      at,
      status: answer.status,
      ...(afterHoldMs === undefined ? {} : { afterHoldMs }),
    });
    if (answer.status === 200) counts.pressed[action] += 1;
    else unexpected(`demo ${action}`, answer);
  }

  async function view(journey: PlannedJourney, placed: OrderRef): Promise<OrderView | null> {
    const answer = await browser.call(journey.buyer, 'GET', orderApi(placed));
    const order = (answer.body as { order?: OrderView } | undefined)?.order;
    if (answer.status !== 200 || !order) {
      unexpected('order page', answer);
      return null;
    }
    ledger.seen(placed.orderId, order);
    if (order.expiresAt) lastHoldEndsAt = Math.max(lastHoldEndsAt, Date.parse(order.expiresAt));
    return order;
  }

  /** The order page following the order until it is final (as the page does), or until `followMs`. */
  async function follow(journey: PlannedJourney, placed: OrderRef): Promise<OrderView | null> {
    const until = Date.now() + followMs;
    let last: OrderView | null = null;
    for (let pause = 150; ; pause = Math.min(1_000, pause * 1.5)) {
      last = (await view(journey, placed)) ?? last;
      if ((last && FINAL.has(last.status)) || Date.now() > until) break;
      await sleep(pause);
    }
    if (last?.status === 'paid') counts.seenPaid += 1;
    return last;
  }

  /** The payment the checkout opened, or (when starting it failed) one opened with Retry payment, as the order page offers. */
  const paymentOf = async (journey: PlannedJourney, placed: Placed) =>
    placed.paymentId ?? (await retryPayment(journey, placed));

  async function buyAndPay(journey: PlannedJourney, key = newKey('ck'), twice = false): Promise<void> {
    const placed = await checkout(journey, key);
    if (!placed) return;
    const paymentId = await paymentOf(journey, placed);
    if (!paymentId) return;
    if (twice) await Promise.all([press(journey, placed, paymentId, 'pay'), press(journey, placed, paymentId, 'pay')]);
    else await press(journey, placed, paymentId, 'pay');
    await follow(journey, placed);
  }

  const journeys: Record<JourneyKind, (journey: PlannedJourney) => Promise<void>> = {
    pay: (journey) => buyAndPay(journey),
    'pay-twice': (journey) => buyAndPay(journey, newKey('ck'), true),
    async decline(journey) {
      const placed = await checkout(journey, newKey('ck'));
      const paymentId = placed && (await paymentOf(journey, placed));
      if (!placed || !paymentId) return;
      await press(journey, placed, paymentId, 'fail');
      await view(journey, placed);
    },
    async 'decline-retry'(journey) {
      const placed = await checkout(journey, newKey('ck'));
      const paymentId = placed && (await paymentOf(journey, placed));
      if (!placed || !paymentId) return;
      await press(journey, placed, paymentId, 'fail');
      await view(journey, placed);
      const again = await retryPayment(journey, placed);
      if (!again) return;
      await press(journey, placed, again, 'pay');
      await follow(journey, placed);
    },
    async abandon(journey) {
      const placed = await checkout(journey, newKey('ck'));
      if (!placed) return;
      // Half of them press Abandon on the demo page; the others close the tab.
      if (placed.paymentId && journey.index % 2 === 0) await press(journey, placed, placed.paymentId, 'abandon');
      await view(journey, placed);
    },
    async 'double-click'(journey) {
      const key = newKey('ck');
      const [first, second] = await Promise.all([checkout(journey, key), checkout(journey, key)]);
      if (first && second && first.orderId !== second.orderId) counts.doubleClickSplit += 1;
      const placed = first ?? second;
      if (!placed) return;
      const paymentId = first?.paymentId ?? second?.paymentId ?? (await retryPayment(journey, placed));
      if (!paymentId) return;
      await press(journey, placed, paymentId, 'pay');
      await follow(journey, placed);
    },
    'two-tab': async (journey) => void (await Promise.all([buyAndPay(journey), buyAndPay(journey)])),
    async 'two-attempts'(journey) {
      const placed = await checkout(journey, newKey('ck'));
      const first = placed && (await paymentOf(journey, placed));
      if (!placed || !first) return;
      const second = await retryPayment(journey, placed);
      await Promise.all([
        press(journey, placed, first, 'pay'),
        second ? press(journey, placed, second, 'pay') : Promise.resolve(),
      ]);
      await follow(journey, placed);
    },
    async late(journey) {
      const placed = await checkout(journey, newKey('ck'));
      const paymentId = placed && (await paymentOf(journey, placed));
      if (!placed || !paymentId) return;
      const order = await view(journey, placed);
      if (!order?.expiresAt) return;
      const holdEndsAt = Date.parse(order.expiresAt);
      // The guest leaves the tab open: the worker goes on to the next journey, the press happens at the hold's end.
      const late = (async () => {
        await sleep(Math.max(0, holdEndsAt + (journey.payOffsetMs ?? 0) - Date.now()));
        const afterHoldMs = Date.now() - holdEndsAt;
        if (afterHoldMs >= 0) counts.latePressedAfterHold += 1;
        else counts.latePressedBeforeHold += 1;
        await press(journey, placed, paymentId, 'pay', afterHoldMs);
        await follow(journey, placed);
      })().catch((error: unknown) => {
        counts.journeyErrors += 1;
        log(`late payment of ${placed.orderId} failed: ${String(error)}`);
      });
      detached.add(late);
      void late.finally(() => detached.delete(late));
    },
  };

  const startedAt = Date.now();
  let next = 0;
  const stopAt = options.durationMs === undefined ? Infinity : startedAt + options.durationMs;
  const limit = options.attempts === undefined ? Infinity : plan.length;
  async function worker(): Promise<void> {
    for (;;) {
      if (options.signal?.aborted || Date.now() >= stopAt || next >= limit) return;
      const journey = plan[next++];
      if (!journey) return;
      const wait = startedAt + journey.notBeforeMs - Date.now();
      if (wait > 0) await sleep(Math.min(wait, Math.max(0, stopAt - Date.now())));
      if (options.signal?.aborted || Date.now() >= stopAt) return;
      counts.journeys[journey.kind] += 1;
      try {
        await journeys[journey.kind](journey);
      } catch (error) {
        counts.journeyErrors += 1;
        log(`journey ${journey.index} (${journey.kind}) failed: ${String(error)}`);
      }
    }
  }
  const progress = setInterval(() => {
    log(
      `load: ${counts.attempts} checkouts, ${counts.placed} orders, ${counts.soldOut} sold out, ${counts.pressed.pay} pays, ${http.fiveXx} 5xx, ${http.networkErrors} network errors, ${detached.size} late payers waiting`,
    );
  }, 10_000);
  try {
    await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
    while (detached.size > 0) await Promise.all([...detached]);
  } finally {
    clearInterval(progress);
  }
  counts.buyers = buyersSeen.size;
  return { ledger, counts, http, lastHoldEndsAt, startedAt, durationMs: Date.now() - startedAt, runId };
}

/**
 * The order page of every order in the ledger, looked at once more (after the stack went quiet): what each guest
 * would now see, recorded in the ledger for the reconciler. Returns the number of pages that did not answer 200.
 */
export async function lookAtOrders(
  target: LoadTarget,
  outcome: Pick<LoadOutcome, 'ledger' | 'http'>,
  concurrency = 16,
): Promise<number> {
  const browser = new Browser(bffUrlOf(target), outcome.http);
  const orders = outcome.ledger.list();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let order = orders[next++]; order; order = orders[next++]) {
        const answer = await browser.call(order.buyer, 'GET', orderApi(order));
        const view = (answer.body as { order?: OrderView } | undefined)?.order;
        if (answer.status === 200 && view) outcome.ledger.seen(order.orderId, view);
        else failed += 1;
      }
    }),
  );
  return failed;
}
