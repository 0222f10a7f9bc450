// Whole purchases on a platform that runs TWO replicas each of ordering (checkout) and ticketing (scan), as
// `REPLICAS=2 npm run up` and the Kubernetes HPAs do: both replicas of a service share its database, stream, durable
// consumers and job queue, and their clients spread calls over them (round-robin over the address list).
//
// For each paid order, the demo provider's Pay request to the BFF must be the root of ONE trace tree that runs
// BFF → payments (gRPC) → payments' outbox relay → NATS → ordering's consumer → ordering's relay → NATS → ticketing's
// consumer → ticketing's relay → NATS → notifications' consumer → the SMTP send; every message must have been handled
// once (one consumer span per consumer and message, one confirmation per order, the funnel counted once per order
// across the replicas), and both replicas of each service must have served calls. Last, every series the dashboards
// and alerts (deploy/monitoring) use must be served by the running processes.
import { randomBytes } from 'node:crypto';
import { parsePrometheusText, samplesOf } from '@kassa/platform/testing';
import { orderApiPath } from '@kassa/web/lib/guest-access';
import { monitoredSeriesNames } from '../../deploy/test/metric-names';
import { signUpViaApi, testAddress } from '@kassa/testing/accounts';
import { eventually } from '@kassa/testing/eventually';
import { waitForMessagesTo } from '@kassa/testing/mail';
import { buyThroughApi, expectOk, openShopWithOneEvent, type Purchase } from '@kassa/testing/sales';
import { type ReceivedSpan, waitForSpans } from '@kassa/testing/spans';
import { type Stack, startStack } from '@kassa/testing/stack';

jest.setTimeout(300_000);

const ORDERS = 6;
let stack: Stack;
let purchases: (Purchase & { email: string })[] = [];

/** The hops of one paid order, each recognisable by its service, span kind and subject. */
const hops: Record<string, (span: ReceivedSpan) => boolean> = {
  'BFF request (Pay)': (s) =>
    s.serviceName === 'bff' && s.kind === 'server' && /\/demo\b/.test(JSON.stringify(s.attributes) + s.name),
  'payments gRPC call': (s) => s.serviceName === 'payments' && s.kind === 'server',
  'payments outbox → NATS': (s) => s.serviceName === 'payments' && s.kind === 'producer',
  'ordering consumer': (s) => s.serviceName === 'ordering' && s.kind === 'consumer' && /payments/.test(subjectOf(s)),
  'ordering outbox → NATS': (s) =>
    s.serviceName === 'ordering' && s.kind === 'producer' && /order\./.test(subjectOf(s)),
  'ticketing consumer': (s) => s.serviceName === 'ticketing' && s.kind === 'consumer' && /ordering/.test(subjectOf(s)),
  'ticketing outbox → NATS': (s) =>
    s.serviceName === 'ticketing' && s.kind === 'producer' && /tickets\.issued/.test(subjectOf(s)),
  'notifications consumer': (s) =>
    s.serviceName === 'notifications' && s.kind === 'consumer' && /tickets\.issued/.test(subjectOf(s)),
  'SMTP send': (s) => s.serviceName === 'notifications' && /smtp/i.test(s.name),
};

function subjectOf(span: ReceivedSpan): string {
  return String(span.attributes['messaging.destination.name'] ?? '');
}

function hopsIn(spans: ReceivedSpan[]): string[] {
  return Object.entries(hops)
    .filter(([, match]) => spans.some(match))
    .map(([name]) => name);
}

/** The Pay request's span of one payment, found by the payment id in its URL. */
function payRequestOf(spans: ReceivedSpan[], paymentId: string): ReceivedSpan | undefined {
  return spans.find((s) => hops['BFF request (Pay)']!(s) && JSON.stringify(s.attributes).includes(paymentId));
}

function traceOf(spans: ReceivedSpan[], paymentId: string): ReceivedSpan[] {
  const root = payRequestOf(spans, paymentId);
  return root ? spans.filter((s) => s.traceId === root.traceId) : [];
}

/** Spans whose parent is not in the trace: one (the root) once every span of a trace tree has been exported. */
function rootsOf(trace: ReceivedSpan[]): ReceivedSpan[] {
  const ids = new Set(trace.map((s) => s.spanId));
  return trace.filter((s) => !s.parentSpanId || !ids.has(s.parentSpanId));
}

/** Sums one Prometheus series over every scraped process (the replicas of a service each report their own). */
function sumOf(scrapes: string[], metric: string, labels: Record<string, string>): number {
  return scrapes.flatMap((text) => samplesOf(text, metric, labels)).reduce((sum, sample) => sum + sample.value, 0);
}

async function scrape(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

beforeAll(async () => {
  stack = await startStack(
    'scale',
    ['otlp', 'mail', 'identity', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications', 'bff'],
    {
      replicas: { ordering: 2, ticketing: 2 },
    },
  );
  const { bffUrl, mailInboxUrl } = stack.info;
  const owner = await signUpViaApi(bffUrl!, mailInboxUrl!, testAddress('scale-owner'), 'Sam Scale');
  const shop = await openShopWithOneEvent(owner, stack.info, {
    name: `Replica Hall ${randomBytes(2).toString('hex')}`,
    capacity: 100,
    priceMinor: 1500,
  });
  // At the same time, so that the replicas' consumers and relays compete for the messages and rows.
  purchases = await Promise.all(
    Array.from({ length: ORDERS }, async (_, index) => {
      const email = testAddress(`scale-guest-${index}`);
      const purchase = await buyThroughApi(bffUrl!, shop.shopId, {
        items: [{ itemId: shop.itemId, quantity: 2 }],
        email,
      });
      return { ...purchase, email };
    }),
  );
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

it("each paid order is one trace tree from the BFF's Pay request through ordering, the outboxes, NATS, payments, ticketing and notifications to the SMTP send", async () => {
  for (const { email } of purchases) await waitForMessagesTo(stack.info.mailInboxUrl!, email, 1, 60_000);
  // A parent span ends, and is exported, after its children (the e-mail job's span after the SMTP send), so wait for
  // every hop AND for the parents to arrive; a trace that stays broken fails below with its orphans listed.
  const wholeTraces = (all: ReceivedSpan[]) =>
    purchases.every(({ paymentId }) => {
      const trace = traceOf(all, paymentId);
      return hopsIn(trace).length === Object.keys(hops).length && rootsOf(trace).length === 1;
    });
  const spans = await waitForSpans(stack.info.otlpUrl!, wholeTraces, 60_000);

  for (const { paymentId } of purchases) {
    const trace = traceOf(spans, paymentId);
    expect(hopsIn(trace)).toEqual(Object.keys(hops));
    // One tree: every span's parent is in the trace, except the root, which is the BFF's Pay request.
    const roots = rootsOf(trace);
    expect(roots).toHaveLength(1);
    expect(hops['BFF request (Pay)']!(roots[0]!)).toBe(true);
    // NATS hops are parent → child: each consumer span hangs from the producer span that published its message.
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    for (const consumer of trace.filter((s) => s.kind === 'consumer')) {
      expect(byId.get(consumer.parentSpanId!)?.kind).toBe('producer');
    }
  }
});

it('handles every message once across the replicas: one consumer span per consumer and message, one confirmation and one funnel count per order', async () => {
  const spans = await waitForSpans(
    stack.info.otlpUrl!,
    (all) => purchases.every(({ paymentId }) => traceOf(all, paymentId).some(hops['SMTP send']!)),
    60_000,
  );
  const processed = new Map<string, number>();
  for (const { paymentId } of purchases) {
    for (const span of traceOf(spans, paymentId).filter((s) => s.kind === 'consumer')) {
      const key = `${String(span.attributes['messaging.consumer.group.name'])} ${String(span.attributes['messaging.message.id'])}`;
      processed.set(key, (processed.get(key) ?? 0) + 1);
    }
  }
  expect(processed.size).toBeGreaterThanOrEqual(ORDERS * 3);
  expect([...processed.entries()].filter(([, count]) => count !== 1)).toEqual([]);

  for (const { email } of purchases) {
    // Give a duplicate the time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mails = await waitForMessagesTo(stack.info.mailInboxUrl!, email, 1);
    expect(mails).toHaveLength(1);
  }
  for (const { orderId, accessKey, guest } of purchases) {
    const { tickets } = expectOk(
      await guest.call('GET', orderApiPath({ id: orderId, accessKey }, '/tickets')),
      'order tickets',
    ) as { tickets: unknown[] };
    expect(tickets).toHaveLength(2);
  }

  const scrapes = await Promise.all(Object.values(stack.info.metricsUrls).map(scrape));
  expect(sumOf(scrapes, 'kassa_checkout_funnel_total', { stage: 'reserved' })).toBe(ORDERS);
  expect(sumOf(scrapes, 'kassa_checkout_funnel_total', { stage: 'paid' })).toBe(ORDERS);
  expect(sumOf(scrapes, 'kassa_checkout_funnel_total', { stage: 'tickets_issued' })).toBe(ORDERS);
  expect(sumOf(scrapes, 'kassa_checkout_funnel_total', { stage: 'email_sent' })).toBe(ORDERS);
  expect(sumOf(scrapes, 'kassa_tickets_issued_total', {})).toBe(ORDERS * 2);
});

it('spreads the calls over both replicas of ordering and of ticketing', async () => {
  const served = async (replica: string) =>
    sumOf([await scrape(stack.info.metricsUrls[replica]!)], 'kassa_rpc_server_requests_total', { rpc_code: 'OK' });
  // Wait for what the spread depends on, the BFF connected to both replicas of each (its own account of its
  // connections); from then on round-robin alternates, so of the ORDERS calls to each service below, each replica
  // serves at least ORDERS / 2. (A new client's first burst, sent while it is still connecting, is spread too:
  // services/platform/test/integration/grpc-load-balancing.int.test.ts.)
  for (const service of ['kassa.ordering.v1.OrderService', 'kassa.ticketing.v1.TicketService']) {
    await eventually(
      `the BFF connected to both replicas behind ${service}`,
      async () => {
        const ready = sumOf([await scrape(stack.info.metricsUrls.bff!)], 'kassa_rpc_client_endpoints', {
          rpc_service: service,
          state: 'READY',
        });
        return ready === 2 ? true : undefined;
      },
      30_000,
    );
  }
  const replicas = ['ordering', 'ordering-2', 'ticketing', 'ticketing-2'];
  const before = await Promise.all(replicas.map(served));
  for (const { orderId, accessKey, guest } of purchases) {
    expectOk(await guest.call('GET', orderApiPath({ id: orderId, accessKey })), 'order');
    expectOk(await guest.call('GET', orderApiPath({ id: orderId, accessKey }, '/tickets')), 'order tickets');
  }
  const after = await Promise.all(replicas.map(served));
  const gained = Object.fromEntries(replicas.map((replica, i) => [replica, after[i]! - before[i]! >= ORDERS / 2]));
  expect(gained).toEqual(Object.fromEntries(replicas.map((replica) => [replica, true])));
});

it('serves every series the Grafana dashboards and the alerts use, from the processes that run', async () => {
  const scraped = new Set(
    (await Promise.all(Object.values(stack.info.metricsUrls).map(scrape))).flatMap((text) =>
      parsePrometheusText(text).map((sample) => sample.name),
    ),
  );
  // `up` is written by Prometheus itself for every target it scrapes.
  const missing = monitoredSeriesNames().filter((name) => name !== 'up' && !scraped.has(name));
  expect(missing).toEqual([]);
});
