// The payment saga with both real services: ordering and payments run as real processes (with identity and catalog,
// each with its own database), payments on PAYMENT_PROVIDER=stripe through the REAL `stripe` SDK. Stripe's API cannot
// be reached from here, so the SDK is pointed (STRIPE_API_HOST/PORT/PROTOCOL) at a LOCAL HTTP stand-in of it
// (testing/src/stripe-stand-in.ts), which also signs the webhooks it "sends" with the SDK's own
// generateTestHeaderString; the test delivers them to payments' HandleProviderWebhook as the BFF would.
//
// 1. A kill -9 (KASSA_CRASH_POINT) of payments or ordering at every step boundary of a purchase: the guest's and
//    Stripe's calls are retried after the restart as the BFF and Stripe would.
// 2. Webhook faults through the whole system: duplicate, replayed, out-of-order, late (tickets still there or gone),
//    forged, and two successful attempts for one order.
// After every case, read from each service's database and from the stand-in's record of sessions and refunds: each
// successful charge ends as the order's one payment or refunded, never both and never twice.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { createNamespace } from '@kassa/platform/config';
import { createGrpcClient, status, callerKeyFromRoot } from '@kassa/platform/grpc';
import { createIdentityDriver } from '@kassa/platform/testing';
import { EventServiceClient } from '@kassa/proto/catalog/v1/events';
import { ShopServiceClient } from '@kassa/proto/catalog/v1/shops';
import { OrderingServiceClient } from '@kassa/proto/ordering/v1/ordering';
import { OrderServiceClient } from '@kassa/proto/ordering/v1/orders';
import {
  type HandleProviderWebhookResponse,
  type Payment,
  PaymentServiceClient,
} from '@kassa/proto/payments/v1/payments';
import { type StandInSession, type StripeStandIn, startStripeStandIn } from '@kassa/testing/stripe-stand-in';
import type { ManagedProcess } from '@kassa/testing/processes';
import { databaseUrl, type Stack, startStack } from '@kassa/testing/stack';
import { NATS_ADMIN_USER, natsAuthOptions } from '@kassa/platform/messaging';

jest.setTimeout(120_000);

const PRICE_MINOR = 2500;
/** ordering's platform fee per paid ticket (TICKET_FEE_MINOR, default 49). */
const TOTAL_MINOR = PRICE_MINOR + 49;
const RETURN_ORIGIN = 'https://tickets.example.test';

type Service = 'ordering' | 'payments';

let standIn: StripeStandIn;
let stack: Stack;
let orderingDb: Client;
let paymentsDb: Client;
let nc: NatsConnection;
let jsm: JetStreamManager;
let orderJobs: Queue;
let shop: { shopId: string; generalItemId: string; lastSeatItemId: string };
const started = Date.now();

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const quiet = { LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn' };
  stack = await startStack('saga', ['identity', 'catalog', 'ordering', 'payments'], {
    env: {
      identity: quiet,
      catalog: quiet,
      ordering: quiet,
      payments: {
        ...quiet,
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: standIn.secretKey,
        STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
        STRIPE_API_HOST: standIn.host,
        STRIPE_API_PORT: String(standIn.port),
        STRIPE_API_PROTOCOL: 'http',
      },
    },
  });
  orderingDb = new Client({ connectionString: databaseUrl(stack.info.databases[3]!) });
  paymentsDb = new Client({ connectionString: databaseUrl(stack.info.databases[4]!) });
  await orderingDb.connect();
  await paymentsDb.connect();
  nc = await connect({
    servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    ...natsAuthOptions(NATS_ADMIN_USER),
    name: 'payment-saga-crash-test',
  });
  jsm = await jetstreamManager(nc);
  const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  orderJobs = new Queue(createNamespace(stack.info.namespace).queue('ordering-jobs'), {
    connection: { host: redis.hostname, port: Number(redis.port || 6379) },
  });
  shop = await buildShop();
}, 180_000);

afterAll(async () => {
  await orderJobs?.close();
  await nc?.close();
  await orderingDb?.end();
  await paymentsDb?.end();
  await stack?.stop();
  await standIn?.stop();
  console.log(
    `payment-saga-crash: ${Math.round((Date.now() - started) / 1000)} s in this file, ${Math.round(restartTime.ms / 1000)} s of it in ${restartTime.count} service stops and starts`,
  );
});

// ---------------------------------------------------------------------------------------------------------------
// gRPC: a fresh client per call, so that a call after a restart never waits out a dead channel's reconnect backoff.

async function withClient<C extends { close(): void }, T>(make: () => C, use: (client: C) => Promise<T>): Promise<T> {
  const client = make();
  try {
    return await use(client);
  } finally {
    client.close();
  }
}
/** The stack's KASSA_CALLER_KEY: the test's own gRPC calls are signed like the BFF's. */
const callerKey = () => callerKeyFromRoot(stack.info.env.KASSA_CALLER_KEY!);
const orders = <T>(use: (client: ReturnType<typeof orderClient>) => Promise<T>) => withClient(orderClient, use);
const orderClient = () =>
  createGrpcClient(OrderServiceClient, stack.info.orderingGrpc!, { callerKey: callerKey(), deadlineMs: 15_000 });
const payments = <T>(use: (client: ReturnType<typeof paymentClient>) => Promise<T>) => withClient(paymentClient, use);
const paymentClient = () =>
  createGrpcClient(PaymentServiceClient, stack.info.paymentsGrpc!, { callerKey: callerKey(), deadlineMs: 30_000 });

const newKey = () => randomBytes(12).toString('base64url');

async function buildShop() {
  const identity = await createIdentityDriver({
    grpcAddress: stack.info.identityGrpc!,
    namespace: stack.info.namespace,
    sealingKey: stack.info.env.KASSA_SEALING_KEY!,
    callerKey: callerKey(),
  });
  const events = createGrpcClient(EventServiceClient, stack.info.catalogGrpc!, {
    callerKey: callerKey(),
    deadlineMs: 15_000,
  });
  const shops = createGrpcClient(ShopServiceClient, stack.info.catalogGrpc!, {
    callerKey: callerKey(),
    deadlineMs: 15_000,
  });
  const ordering = createGrpcClient(OrderingServiceClient, stack.info.orderingGrpc!, {
    callerKey: callerKey(),
    deadlineMs: 15_000,
  });
  try {
    const { userId } = await identity.signUp(`saga-${randomBytes(4).toString('hex')}@example.test`, 'Saga Organiser');
    const organisationId = await identity.createOrganisation(userId, 'Saga Concerts');
    const as = { actorUserId: userId };
    const startsAt = new Date(Date.UTC(2031, 8, 5, 18));
    const { event } = await events.createEvent(
      {
        organisationId,
        fields: {
          name: 'Crash Night',
          description: 'Where processes die and payments do not.',
          startsAt,
          endsAt: new Date(startsAt.getTime() + 4 * 3_600_000),
          ticketLimit: 1_000,
          translations: [],
          location: { address: 'Veemkade 1', city: 'Amsterdam', postalCode: '1019 HE', country: 'NL' },
          timeZone: 'Europe/Amsterdam',
        },
      },
      as,
    );
    const option = async (name: string, capacity: number) =>
      (
        await events.createTicketOption(
          {
            organisationId,
            eventId: event!.id,
            fields: { name, description: 'Entry for one person.', capacity, translations: [] },
          },
          as,
        )
      ).ticketOption!.id;
    // "General" has room for every case; "Last seat" is the one ticket a late payment finds gone.
    const general = await option('General', 100);
    const lastSeat = await option('Last seat', 1);
    await events.publishEvent({ organisationId, eventId: event!.id }, as);
    const opensAt = new Date(Date.now() + 2_000);
    const { shop: created } = await shops.createShop(
      {
        organisationId,
        fields: {
          name: 'Crash Shop',
          description: 'A small shop for the payment saga.',
          opensAt,
          closesAt: new Date(opensAt.getTime() + 24 * 3_600_000),
          translations: [],
          currency: 'EUR',
          password: undefined,
          donation: undefined,
          reservationMinutes: 15,
        },
      },
      as,
    );
    const shopId = created!.id;
    const item = async (ticketOptionId: string, name: string, position: number) =>
      (
        await shops.createShopItem(
          {
            organisationId,
            shopId,
            fields: {
              ticketOptionId,
              extraEventIds: [],
              name,
              priceMinor: PRICE_MINOR,
              saleStart: undefined,
              saleEnd: undefined,
              maxPerOrder: 2,
              position,
            },
          },
          as,
        )
      ).item!.id;
    const generalItemId = await item(general, 'General', 0);
    const lastSeatItemId = await item(lastSeat, 'Last seat', 1);
    await shops.publishShop({ organisationId, shopId }, as);
    await eventually(
      'ordering sells the shop',
      async () => {
        const answer = await ordering.getAvailability({ shopId }).catch(() => undefined);
        return (
          answer?.window === 'open' &&
          answer.items.length === 2 &&
          answer.items.every((entry) => entry.status === 'available')
        );
      },
      60_000,
    );
    return { shopId, generalItemId, lastSeatItemId };
  } finally {
    events.close();
    shops.close();
    ordering.close();
    await identity.close();
  }
}

async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(150);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Crash points: the service under test is restarted with KASSA_CRASH_POINT, dies at it (SIGKILL), and is started
// again without it. Calls that fail because it died under them are retried after the restart.

type Step = 'Checkout' | 'CreatePayment' | 'HandleProviderWebhook';

interface Crash {
  service: Service;
  point: string;
  /** The purchase step during or right after which the point is reached (in the service's background work). */
  step: Step;
  process: ManagedProcess;
  restarted: boolean;
  /** The call it died under, if it died under one. */
  diedDuring?: string;
}
let crash: Crash | undefined;

/** Time spent stopping and starting services, for the run's summary. */
const restartTime = { ms: 0, count: 0 };
async function timed<T>(work: () => Promise<T>): Promise<T> {
  const begun = Date.now();
  try {
    return await work();
  } finally {
    restartTime.ms += Date.now() - begun;
    restartTime.count += 1;
  }
}

async function armCrash(service: Service, point: string, step: Step): Promise<void> {
  await timed(() => stack.processes.get(service)!.stop());
  const process = await timed(() => stack.startService(service, { KASSA_CRASH_POINT: point }));
  crash = { service, point, step, process, restarted: false };
}

const diedWithin = (process: ManagedProcess, ms: number) =>
  Promise.race([process.exited.then(() => true), sleep(ms).then(() => false)]);

/** Waits for the armed process to be killed at its point, then starts the service again without the point. */
async function recoverFromCrash(): Promise<void> {
  if (!crash || crash.restarted) return;
  if (!(await diedWithin(crash.process, 30_000))) throw new Error(`${crash.service} never reached ${crash.point}`);
  expect(crash.process.child.signalCode).toBe('SIGKILL');
  crash.restarted = true;
  await timed(() => stack.startService(crash!.service));
}

/**
 * A guest's (BFF's) or Stripe's call. When the crashing process died under it, it is made again after the restart,
 * as the guest's retry or Stripe's redelivery would, for a while as long as it is UNAVAILABLE (the caller's or a
 * service's channel reconnecting). When the crash point lies in the background work this step starts (a relay's
 * publish, a consumer's effect), the test waits for the kill and the restart before the guest's next step.
 */
async function step<T>(what: Step, call: () => Promise<T>, last = true): Promise<T> {
  let result: T;
  try {
    result = await call();
  } catch (error) {
    if (!crash || crash.restarted || !(await diedWithin(crash.process, 5_000))) throw error;
    crash.diedDuring = what;
    await recoverFromCrash();
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        return await call();
      } catch (again) {
        if ((again as { code?: number }).code !== status.UNAVAILABLE || Date.now() > deadline) throw again;
        await sleep(250);
      }
    }
  }
  if (crash?.step === what && last) await recoverFromCrash();
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// The guest, the guest's bank and Stripe.

async function checkout(itemId: string) {
  const idempotencyKey = newKey();
  const request = {
    shopId: shop.shopId,
    lines: [{ itemId, quantity: 1 }],
    email: 'guest@example.test',
    discountCode: '',
    donationMinor: 0,
    subscribe: false,
    idempotencyKey,
    accessToken: '',
    locale: 'en',
    clientAddress: '',
  };
  const { order } = await step('Checkout', () => orders((client) => client.checkout(request)));
  expect(order).toMatchObject({ status: 'reserved', money: { totalMinor: TOTAL_MINOR } });
  return order!;
}

/** The guest's Pay (the BFF's CreatePayment), with the order's access key from the checkout, as the BFF sends it. */
async function createPayment(order: { id: string; accessKey: string }): Promise<Payment> {
  const idempotencyKey = newKey();
  const orderId = order.id;
  const { payment } = await step('CreatePayment', () =>
    payments((client) =>
      client.createPayment({ orderId, idempotencyKey, returnOrigin: RETURN_ORIGIN, orderAccessKey: order.accessKey }),
    ),
  );
  expect(payment).toMatchObject({
    orderId,
    provider: 'stripe',
    status: 'pending',
    providerReference: expect.stringMatching(/^cs_test_/),
  });
  return payment!;
}

interface Delivery {
  eventId: string;
  payload: Buffer;
  signature: string;
}

/** The guest pays on Stripe's page: the session completes at the stand-in, and Stripe has a webhook to deliver. */
function guestPays(payment: Payment): Delivery {
  const session = standIn.complete(payment.providerReference);
  return standIn.webhook('checkout.session.completed', session);
}

const deliver = (delivery: Delivery): Promise<HandleProviderWebhookResponse> =>
  payments((client) =>
    client.handleProviderWebhook({ provider: 'stripe', payload: delivery.payload, signature: delivery.signature }),
  );

/** Stripe delivers a webhook, and delivers it again when the call failed (Stripe retries until it gets a 2xx). */
const stripeDelivers = (delivery: Delivery, last = true) =>
  step('HandleProviderWebhook', () => deliver(delivery), last);

async function expectUnauthenticated(delivery: Delivery): Promise<void> {
  await expect(deliver(delivery)).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
}

interface CrashPlan {
  service: Service;
  point: string;
  /** The step before which the service is restarted with the point (so that the point's next pass is this purchase's). */
  armBefore: Step;
  /** The step that reaches the point. */
  step: Step;
}

/** Waits until the saga rests mid-purchase: the order pending at the provider, every outbox row published and consumed. */
async function pendingAtRest(orderId: string): Promise<void> {
  await eventually(
    `order ${orderId} pending at rest`,
    async () =>
      (await orderRow(orderId)).status === 'pending' &&
      (await unpublished(orderingDb)) === 0 &&
      (await unpublished(paymentsDb)) === 0 &&
      (await unconsumed(false)) === 0,
  );
}

/**
 * One purchase: checkout, CreatePayment (twice when `attempts` is 2: two tabs, two sessions), the guest pays every
 * session and Stripe delivers checkout.session.completed for each. With a crash plan, the service is armed before its
 * step and restarted after it died. Then the crashed process, if any, is restarted.
 */
async function purchase(options: { itemId?: string; attempts?: number; crash?: CrashPlan } = {}) {
  const plan = options.crash;
  const armBefore = async (before: Step) => {
    if (plan?.armBefore === before) await armCrash(plan.service, plan.point, plan.step);
  };
  await armBefore('Checkout');
  const order = await checkout(options.itemId ?? shop.generalItemId);
  await armBefore('CreatePayment');
  const attempts: Payment[] = [];
  for (let index = 0; index < (options.attempts ?? 1); index += 1) attempts.push(await createPayment(order));
  if (plan?.armBefore === 'HandleProviderWebhook') await pendingAtRest(order.id);
  await armBefore('HandleProviderWebhook');
  const deliveries = attempts.map(guestPays);
  const answers: HandleProviderWebhookResponse[] = [];
  for (const [index, delivery] of deliveries.entries())
    answers.push(await stripeDelivers(delivery, index === deliveries.length - 1));
  await recoverFromCrash();
  return { orderId: order.id, attempts, deliveries, answers };
}

/**
 * The order's hold ends now: its deadline in ordering's database is moved to the past and its delayed expiry job
 * (BullMQ, `expire-order-<id>`) promoted, so ordering's own job expires it as it would after the hold, without the
 * test waiting a whole minute (the shortest reservation time catalog allows) per late-payment case.
 */
async function holdEnds(orderId: string): Promise<void> {
  await orderingDb.query("update orders set expires_at = now() - interval '1 second' where id = $1", [orderId]);
  const job = await orderJobs.getJob(`expire-order-${orderId}`);
  if (!job || !(await job.isDelayed())) throw new Error(`no delayed expiry job for ${orderId}`);
  await job.promote();
  // By its history: with payments up, the late payment may take the order on to paid between two looks.
  await eventually(`order ${orderId} expired`, async () => (await historyOf(orderId)).includes('expired'));
}

// ---------------------------------------------------------------------------------------------------------------
// What the services and the stand-in recorded.

interface OrderRow {
  id: string;
  status: string;
  outcome: string;
  paid_payment_id: string | null;
  total_minor: string;
  refunded_minor: string;
  version: number;
}

const orderRow = async (orderId: string): Promise<OrderRow> =>
  (
    await orderingDb.query<OrderRow>(
      'select id, status, outcome, paid_payment_id, total_minor, refunded_minor, version from orders where id = $1',
      [orderId],
    )
  ).rows[0]!;
const historyOf = async (orderId: string): Promise<string[]> =>
  (
    await orderingDb.query<{ action: string }>('select action from order_history where order_id = $1 order by id', [
      orderId,
    ])
  ).rows.map((row) => row.action);
const orderingRefunds = async (orderId: string) =>
  (
    await orderingDb.query<{ id: string; payment_id: string; status: string; reason: string; amount_minor: string }>(
      'select id, payment_id, status, reason, amount_minor from refund where order_id = $1',
      [orderId],
    )
  ).rows;
const attemptsOf = async (orderId: string) =>
  (
    await paymentsDb.query<{
      id: string;
      status: string;
      amount_minor: string;
      refunded_minor: string;
      provider_reference: string | null;
    }>(
      'select id, status, amount_minor, refunded_minor, provider_reference from payment_attempt where order_id = $1 order by created_at, id',
      [orderId],
    )
  ).rows;
const paymentsRefunds = async (orderId: string) =>
  (
    await paymentsDb.query<{ id: string; payment_id: string; status: string; reason: string }>(
      'select id, payment_id, status, reason from refund where order_id = $1',
      [orderId],
    )
  ).rows;
const receiptCount = async () =>
  Number((await paymentsDb.query<{ n: string }>('select count(*) as n from provider_event_receipt')).rows[0]!.n);

const sessionsOf = (orderId: string): StandInSession[] =>
  [...standIn.sessions.values()].filter((session) => session.metadata.order_id === orderId);
/** A charge = a session the guest paid; its refunds at the stand-in, by its payment intent. */
const chargesOf = (orderId: string) =>
  sessionsOf(orderId)
    .filter((session) => session.status === 'complete' && session.payment_status === 'paid')
    .map((session) => ({
      paymentId: session.metadata.payment_id!,
      amount: session.amount_total,
      refunds: [...standIn.refunds.values()].filter(
        (refund) => refund.payment_intent === session.payment_intent && refund.status === 'succeeded',
      ),
    }));

async function unpublished(db: Client): Promise<number> {
  return Number(
    (await db.query<{ n: string }>('select count(*) as n from outbox where published_at is null')).rows[0]!.n,
  );
}

/** Messages of the saga's streams not yet delivered, and (with `acked`) delivered but not yet acknowledged. */
async function unconsumed(acked: boolean): Promise<number> {
  const ns = createNamespace(stack.info.namespace);
  let count = 0;
  for (const stream of [ns.stream('KASSA_ORDERING'), ns.stream('KASSA_PAYMENTS')]) {
    for (const info of await jsm.consumers.list(stream).next())
      count += info.num_pending + (acked ? info.num_ack_pending : 0);
  }
  return count;
}

/** A picture of everything the saga may still change about an order. */
async function snapshot(orderId: string): Promise<string> {
  return JSON.stringify([
    await orderRow(orderId),
    await orderingRefunds(orderId),
    await attemptsOf(orderId),
    await paymentsRefunds(orderId),
    chargesOf(orderId),
  ]);
}

/**
 * Waits until the saga is done with the order: both outboxes published, no message waiting, no attempt open and no
 * refund unfinished on either side, and nothing about it changing for a moment. (A message a killed process took
 * and never acknowledged comes back after the consumers' ack wait; the final test waits for those too.)
 */
async function quiescent(orderId: string, timeoutMs = 45_000): Promise<void> {
  let previous = '';
  await eventually(
    `the saga of ${orderId} is done`,
    async () => {
      const busy =
        (await unpublished(orderingDb)) > 0 ||
        (await unpublished(paymentsDb)) > 0 ||
        (await unconsumed(false)) > 0 ||
        (await attemptsOf(orderId)).some((attempt) => ['created', 'pending', 'authorized'].includes(attempt.status)) ||
        (await orderingRefunds(orderId)).some((refund) => refund.status === 'requested') ||
        (await paymentsRefunds(orderId)).some((refund) => ['requested', 'pending'].includes(refund.status));
      if (busy) return false;
      const now = await snapshot(orderId);
      const same = now === previous;
      previous = now;
      if (!same) await sleep(500);
      return same;
    },
    timeoutMs,
  );
}

/**
 * The invariants of every order: each successful charge at the stand-in is the order's one payment or refunded, never
 * both, never twice; ordering and payments agree with the stand-in and with each other.
 */
async function expectConsistent(orderId: string): Promise<void> {
  const order = await orderRow(orderId);
  const charges = chargesOf(orderId);
  const attempts = await attemptsOf(orderId);
  const refundsHere = await orderingRefunds(orderId);
  const refundsThere = await paymentsRefunds(orderId);
  const context = JSON.stringify({ order, charges, attempts, refundsHere, refundsThere });

  // One session per attempt: no attempt charged twice.
  for (const attempt of attempts)
    expect([
      attempt.id,
      sessionsOf(orderId).filter((session) => session.metadata.payment_id === attempt.id).length <= 1,
    ]).toEqual([attempt.id, true]);
  for (const charge of charges) {
    // At most one refund per charge, never more than it took.
    expect({
      charge: charge.paymentId,
      refunds: charge.refunds.length <= 1,
      within: charge.refunds.reduce((sum, refund) => sum + refund.amount, 0) <= charge.amount,
    }).toEqual({
      charge: charge.paymentId,
      refunds: true,
      within: true,
    });
    // payments knows every charge as paid, and what of it went back.
    const attempt = attempts.find((row) => row.id === charge.paymentId);
    expect({ charge: charge.paymentId, status: attempt?.status, refunded: Number(attempt?.refunded_minor) }).toEqual({
      charge: charge.paymentId,
      status: 'paid',
      refunded: charge.refunds.reduce((sum, refund) => sum + refund.amount, 0),
    });
    // ordering asked for each of these refunds exactly once, and saw it succeed.
    const asked = refundsHere.filter(
      (refund) => refund.payment_id === charge.paymentId && refund.status === 'succeeded',
    );
    expect({ charge: charge.paymentId, asked: asked.length }).toEqual({
      charge: charge.paymentId,
      asked: charge.refunds.length,
    });
  }
  // Every refund at the stand-in carries one of ordering's refund ids, once.
  const refundIds = charges.flatMap((charge) => charge.refunds.map((refund) => refund.metadata.refund_id));
  expect(new Set(refundIds).size).toBe(refundIds.length);
  expect(
    refundIds.every(
      (id) =>
        refundsHere.some((refund) => refund.id === id) &&
        refundsThere.some((refund) => refund.id === id && refund.status === 'succeeded'),
    ),
  ).toBe(true);

  const kept = charges.filter((charge) => charge.refunds.length === 0);
  expect([context, kept.length <= 1]).toEqual([context, true]);
  if (order.status === 'paid') {
    // Paid with exactly one charge kept, the one ordering says paid it.
    expect(kept.map((charge) => charge.paymentId)).toEqual([order.paid_payment_id]);
    expect(
      attempts
        .filter((attempt) => attempt.status === 'paid' && Number(attempt.refunded_minor) === 0)
        .map((attempt) => attempt.id),
    ).toEqual([order.paid_payment_id]);
  } else {
    // Not paid: every charge went back in full.
    expect([context, kept.length]).toEqual([context, 0]);
  }
  expect((await historyOf(orderId)).filter((action) => action === 'paid').length).toBeLessThanOrEqual(1);
}

async function expectPaidOnce(orderId: string, paymentId: string): Promise<void> {
  await quiescent(orderId);
  await expectConsistent(orderId);
  expect(await orderRow(orderId)).toMatchObject({ status: 'paid', paid_payment_id: paymentId, refunded_minor: '0' });
  expect(chargesOf(orderId)).toEqual([{ paymentId, amount: TOTAL_MINOR, refunds: [] }]);
  expect(await attemptsOf(orderId)).toEqual([
    expect.objectContaining({ id: paymentId, status: 'paid', refunded_minor: '0' }),
  ]);
  // payment.pending and payment.succeeded are two consumers: after a restart the success may be applied first, and
  // the pending that follows is stale (notePayment keeps a succeeded attempt), so its "payment_started" is not written.
  expect([
    ['reserved', 'payment_started', 'paid'],
    ['reserved', 'paid'],
  ]).toContainEqual(await historyOf(orderId));
}

/** Two successful attempts: the first to reach ordering pays, the other is refunded in full as duplicate_payment. */
async function expectPaidOnceWithDuplicateRefunded(orderId: string, attempts: Payment[]): Promise<void> {
  await quiescent(orderId);
  await expectConsistent(orderId);
  const order = await orderRow(orderId);
  expect(order).toMatchObject({ status: 'paid', refunded_minor: '0' });
  const duplicate = attempts.find((attempt) => attempt.id !== order.paid_payment_id)!;
  expect(attempts.map((attempt) => attempt.id)).toContain(order.paid_payment_id);
  expect(await orderingRefunds(orderId)).toEqual([
    expect.objectContaining({
      payment_id: duplicate.id,
      status: 'succeeded',
      reason: 'duplicate_payment',
      amount_minor: String(TOTAL_MINOR),
    }),
  ]);
  expect(await paymentsRefunds(orderId)).toEqual([
    expect.objectContaining({ payment_id: duplicate.id, status: 'succeeded', reason: 'duplicate_payment' }),
  ]);
  expect(
    chargesOf(orderId)
      .map((charge) => [charge.paymentId === duplicate.id, charge.refunds.length])
      .sort(),
  ).toEqual([
    [false, 0],
    [true, 1],
  ]);
}

const everyOrder: string[] = [];
/** The first purchase's webhook, replayed much later. */
let oldest: { orderId: string; attempt: Payment; delivery: Delivery } | undefined;

// ---------------------------------------------------------------------------------------------------------------

describe('kill -9 between the saga steps', () => {
  // The steps, in a purchase's order: the attempt row, Stripe's session, the webhook's effect, each outbox row's
  // publish, each consumer's effect before its ack. Alternating services, so that the consumers' ack wait after a
  // kill between effect and ack (30 s) runs out during the other service's case.
  // `armBefore`: the step before which the service restarts with the point (the outbox points fire on the first row
  // published after that); `step`: the step that reaches it; `under`: the point is in that call's own path.
  type Case = [Service, string, { armBefore: Step; step: Step; under?: boolean; attempts: number }];
  const cases: Case[] = [
    [
      'payments',
      'payments.after-attempt-created',
      { armBefore: 'Checkout', step: 'CreatePayment', under: true, attempts: 1 },
    ],
    // ordering's consumer applied payment.pending (the order is pending) and dies before the ack.
    ['ordering', 'consumer.after-effect-before-ack', { armBefore: 'Checkout', step: 'CreatePayment', attempts: 1 }],
    [
      'payments',
      'payments.after-provider-call',
      { armBefore: 'Checkout', step: 'CreatePayment', under: true, attempts: 1 },
    ],
    [
      'ordering',
      'ordering.after-payment-applied',
      { armBefore: 'Checkout', step: 'HandleProviderWebhook', attempts: 1 },
    ],
    [
      'payments',
      'payments.after-provider-event-applied',
      { armBefore: 'Checkout', step: 'HandleProviderWebhook', under: true, attempts: 1 },
    ],
    // order.reserved claimed, killed before its publish.
    ['ordering', 'outbox.before-publish', { armBefore: 'Checkout', step: 'Checkout', attempts: 1 }],
    // payment.pending claimed, killed before its publish.
    ['payments', 'outbox.before-publish', { armBefore: 'Checkout', step: 'CreatePayment', attempts: 1 }],
    // order.paid published, killed before it was marked: published again after the restart, JetStream drops the copy.
    [
      'ordering',
      'outbox.after-publish',
      { armBefore: 'HandleProviderWebhook', step: 'HandleProviderWebhook', attempts: 1 },
    ],
    // payment.succeeded published, killed before it was marked, likewise.
    [
      'payments',
      'outbox.after-publish',
      { armBefore: 'HandleProviderWebhook', step: 'HandleProviderWebhook', attempts: 1 },
    ],
    // payments consumes ordering's refund requests: two paid attempts for one order make one (duplicate_payment),
    // refunded at Stripe and committed, and payments dies before the ack.
    [
      'payments',
      'consumer.after-effect-before-ack',
      { armBefore: 'Checkout', step: 'HandleProviderWebhook', attempts: 2 },
    ],
  ];

  it.each(cases)(
    '%s killed at %s: paid once, or refunded, never twice',
    async (service, point, { armBefore, step: reachedAt, under, attempts }) => {
      crash = undefined;
      const bought = await purchase({ attempts, crash: { service, point, armBefore, step: reachedAt } });
      everyOrder.push(bought.orderId);
      oldest ??= { orderId: bought.orderId, attempt: bought.attempts[0]!, delivery: bought.deliveries[0]! };
      expect(crash!.restarted).toBe(true);
      if (under) expect(crash!.diedDuring).toBe(reachedAt);
      if (attempts === 1) await expectPaidOnce(bought.orderId, bought.attempts[0]!.id);
      else await expectPaidOnceWithDuplicateRefunded(bought.orderId, bought.attempts);
      // A webhook that payments applied before it died under the call was delivered again: a replay, applied once in all.
      const replayed = crash!.diedDuring === 'HandleProviderWebhook';
      expect(bought.answers.map((answer) => answer.applied)).toEqual(
        bought.answers.map((_, index) => !(replayed && index === bought.answers.length - 1)),
      );
      if (point === 'payments.after-provider-event-applied') expect(replayed).toBe(true);
    },
  );
});

describe('webhook faults through the whole system', () => {
  it('a duplicate delivery (twice at once, then again) is applied once', async () => {
    const order = await checkout(shop.generalItemId);
    everyOrder.push(order.id);
    const attempt = await createPayment(order);
    const delivery = guestPays(attempt);
    const answers = await Promise.all([deliver(delivery), deliver(delivery)]);
    answers.push(await deliver(delivery));
    expect(answers.filter((answer) => answer.applied)).toHaveLength(1);
    expect(answers.every((answer) => answer.eventId === delivery.eventId)).toBe(true);
    await expectPaidOnce(order.id, attempt.id);
  });

  it('a replayed old event changes nothing; one signed too long ago is refused', async () => {
    const order = await checkout(shop.generalItemId);
    everyOrder.push(order.id);
    const attempt = await createPayment(order);
    const delivery = guestPays(attempt);
    expect(await deliver(delivery)).toMatchObject({ applied: true });
    await expectPaidOnce(order.id, attempt.id);
    const before = { order: await orderRow(order.id), receipts: await receiptCount() };

    // The same event again with its original signature (within Stripe's tolerance), and the first purchase's event,
    // minutes old, signed afresh as Stripe signs every retry.
    expect(await deliver(delivery)).toEqual({ eventId: delivery.eventId, applied: false });
    oldest ??= { orderId: order.id, attempt, delivery };
    const first = { order: await orderRow(oldest.orderId), attempts: await attemptsOf(oldest.orderId) };
    const old = standIn.webhook(
      'checkout.session.completed',
      standIn.sessions.get(oldest!.attempt.providerReference)!,
      { eventId: oldest!.delivery.eventId },
    );
    expect(await deliver(old)).toEqual({ eventId: oldest!.delivery.eventId, applied: false });
    // An attacker's replay of a captured delivery from long ago: outside the signature's tolerance (5 minutes).
    const captured = standIn.webhook('checkout.session.completed', standIn.sessions.get(attempt.providerReference)!, {
      timestamp: Math.floor(Date.now() / 1000) - 3_600,
    });
    await expectUnauthenticated(captured);

    await quiescent(order.id);
    expect({ order: await orderRow(order.id), receipts: await receiptCount() }).toEqual(before);
    expect({ order: await orderRow(oldest!.orderId), attempts: await attemptsOf(oldest!.orderId) }).toEqual(first);
    await expectConsistent(order.id);
    await expectConsistent(oldest!.orderId);
  });

  it('out of order: "expired" after "completed", and "completed (unpaid)" after "async_payment_succeeded", change nothing', async () => {
    const first = await checkout(shop.generalItemId);
    const second = await checkout(shop.generalItemId);
    everyOrder.push(first.id, second.id);
    const firstAttempt = await createPayment(first);
    const secondAttempt = await createPayment(second);

    expect(await deliver(guestPays(firstAttempt))).toMatchObject({ applied: true });
    const session = standIn.sessions.get(firstAttempt.providerReference)!;
    expect(await deliver(standIn.webhook('checkout.session.expired', { ...session, status: 'expired' }))).toMatchObject(
      { applied: true },
    );

    // A bank payment: Stripe's "succeeded" overtakes the "completed, unpaid" that came first.
    const paidLater = standIn.complete(secondAttempt.providerReference, 'unpaid');
    const completedUnpaid = standIn.webhook('checkout.session.completed', { ...paidLater });
    paidLater.payment_status = 'paid';
    expect(await deliver(standIn.webhook('checkout.session.async_payment_succeeded', paidLater))).toMatchObject({
      applied: true,
    });
    expect(await deliver(completedUnpaid)).toMatchObject({ applied: true });

    await expectPaidOnce(first.id, firstAttempt.id);
    await expectPaidOnce(second.id, secondAttempt.id);
    const outcomes = await paymentsDb.query<{ event_type: string; outcome: string }>(
      'select event_type, outcome from provider_event_receipt where payment_id = any($1) order by received_at',
      [[firstAttempt.id, secondAttempt.id]],
    );
    expect(outcomes.rows).toEqual([
      { event_type: 'checkout.session.completed', outcome: 'paid' },
      { event_type: 'checkout.session.expired', outcome: 'stale_expired' },
      { event_type: 'checkout.session.async_payment_succeeded', outcome: 'paid' },
      { event_type: 'checkout.session.completed', outcome: 'stale_authorized' },
    ]);
  });

  it('a payment that arrives after the hold, with the tickets still there, takes them again and pays the order', async () => {
    const order = await checkout(shop.generalItemId);
    everyOrder.push(order.id);
    const attempt = await createPayment(order);
    // The guest pays at Stripe; the webhook is late, and the hold ends meanwhile.
    const late = guestPays(attempt);
    await holdEnds(order.id);
    // payments closes the expired order's session, finds it paid, and says so; then the late webhook arrives.
    expect(await deliver(late)).toMatchObject({ applied: true });
    await quiescent(order.id);
    await expectConsistent(order.id);
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', paid_payment_id: attempt.id, outcome: '' });
    expect(await historyOf(order.id)).toEqual(['reserved', 'payment_started', 'expired', 're_reserved', 'paid']);
    expect(chargesOf(order.id)).toEqual([{ paymentId: attempt.id, amount: TOTAL_MINOR, refunds: [] }]);
  });

  it('a payment that arrives after the hold, with the tickets gone, is refunded (late_payment) and the order stays expired', async () => {
    const order = await checkout(shop.lastSeatItemId);
    everyOrder.push(order.id);
    const attempt = await createPayment(order);
    // ordering has heard of the attempt (payment.pending, through payments' outbox) before payments goes down: the
    // guest was on Stripe's page by then. Stopping payments sooner left that message to after the hold, a race of
    // this test's own, not the saga's.
    await eventually('the order is pending', async () => (await orderRow(order.id)).status === 'pending');
    // payments is down (or far behind) while the guest pays at Stripe and the hold ends: Stripe's webhook fails.
    await stack.processes.get('payments')!.stop();
    const late = guestPays(attempt);
    await expect(deliver(late)).rejects.toMatchObject({ code: status.UNAVAILABLE });
    await holdEnds(order.id);
    // Another guest takes the last seat that the expiry gave back.
    const other = await checkout(shop.lastSeatItemId);
    await stack.startService('payments');
    // Stripe retries its webhook.
    expect(await deliver(late)).toMatchObject({ applied: true });
    await quiescent(order.id);
    await expectConsistent(order.id);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'expired',
      outcome: 'late_payment_refunded',
      paid_payment_id: null,
      refunded_minor: String(TOTAL_MINOR),
    });
    expect(await orderingRefunds(order.id)).toEqual([
      expect.objectContaining({ payment_id: attempt.id, status: 'succeeded', reason: 'late_payment' }),
    ]);
    expect(chargesOf(order.id)).toEqual([
      {
        paymentId: attempt.id,
        amount: TOTAL_MINOR,
        refunds: [expect.objectContaining({ amount: TOTAL_MINOR, status: 'succeeded' })],
      },
    ]);
    expect(await historyOf(order.id)).toEqual([
      'reserved',
      'payment_started',
      'expired',
      'refund_requested',
      'refunded',
    ]);
    // The other guest keeps the seat.
    expect(await orderRow(other.id)).toMatchObject({ status: 'reserved' });
  });

  it('a forged webhook is refused (UNAUTHENTICATED) and changes nothing', async () => {
    const order = await checkout(shop.generalItemId);
    everyOrder.push(order.id);
    const attempt = await createPayment(order);
    const session = standIn.complete(attempt.providerReference);
    await eventually('the order is pending', async () => (await orderRow(order.id)).status === 'pending');
    const before = {
      order: await orderRow(order.id),
      attempts: await attemptsOf(order.id),
      receipts: await receiptCount(),
    };

    await expectUnauthenticated(
      standIn.webhook('checkout.session.completed', session, { secret: `whsec_${randomBytes(16).toString('hex')}` }),
    );
    const genuine = standIn.webhook('checkout.session.completed', session);
    await expectUnauthenticated({
      ...genuine,
      payload: Buffer.from(genuine.payload.toString().replace(`"${session.id}"`, '"cs_test_someone_else"')),
    });
    await expectUnauthenticated({ ...genuine, signature: '' });
    await sleep(500);
    expect({
      order: await orderRow(order.id),
      attempts: await attemptsOf(order.id),
      receipts: await receiptCount(),
    }).toEqual(before);

    expect(await deliver(genuine)).toMatchObject({ applied: true });
    await expectPaidOnce(order.id, attempt.id);
  });

  it('two successful attempts for one order: the second is refunded as duplicate_payment', async () => {
    const bought = await purchase({ attempts: 2 });
    everyOrder.push(bought.orderId);
    await expectPaidOnceWithDuplicateRefunded(bought.orderId, bought.attempts);
  });
});

it('finally: no message unacknowledged or parked, every outbox published, every order consistent', async () => {
  // A message a killed process had taken comes back after the consumers' ack wait (30 s) and must change nothing.
  await eventually('every message delivered and acknowledged', async () => (await unconsumed(true)) === 0, 60_000);
  expect(await unpublished(orderingDb)).toBe(0);
  expect(await unpublished(paymentsDb)).toBe(0);
  const parked = await jsm.streams.info('KASSA_PARKED', { subjects_filter: 'kassa.parked.>' }).catch(() => undefined);
  const ours = Object.keys(parked?.state.subjects ?? {}).filter((subject) => subject.includes(stack.info.namespace));
  expect(ours).toEqual([]);

  const all = (await orderingDb.query<{ id: string }>('select id from orders order by created_at')).rows.map(
    (row) => row.id,
  );
  expect(all).toEqual(expect.arrayContaining(everyOrder));
  for (const orderId of all) await expectConsistent(orderId);
  // Across the run: charges at the stand-in minus refunds = the paid orders, one each.
  const charges = all.flatMap(chargesOf);
  const paidOrders = (await orderingDb.query<{ n: string }>("select count(*) as n from orders where status = 'paid'"))
    .rows[0]!.n;
  expect(charges.filter((charge) => charge.refunds.length === 0).length).toBe(Number(paidOrders));
  // Stripe was asked for every session and refund with our ids as idempotency keys, so repeats got the first answer.
  const refundKeys = standIn.requests
    .filter((request) => request.method === 'POST' && request.path === '/v1/refunds')
    .map((request) => request.idempotencyKey);
  expect(refundKeys.every((key) => key?.startsWith('ref_'))).toBe(true);
  expect(new Set(refundKeys).size).toBe(standIn.refunds.size);
});
