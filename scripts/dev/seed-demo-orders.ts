// Demo orders for `npm run up`, placed once the platform runs, through the same gRPC calls a guest's checkout and
// an organiser's refund make (so quotas, payments and history are what the product itself would write):
//   - a paid order with the SUMMER10 code and a donation,
//   - an order whose payment failed (payable until its hold ends, then expired; Retry payment on its page holds its
//     tickets again), whose guest got the e-mails for both,
//   - an unpaid order canceled by the organiser, whose guest got the cancellation e-mail,
//   - a week of sales history (paid orders dated back over the last seven days) for the dashboard's chart,
//   - a paid order refunded in part by the organiser,
//   - a paid order refunded in full (canceled, its places back on sale),
// and, at the entrance: a scan link for door staff ("Box office", its URL kept in .data/demo-scan-link.json and
// printed by scripts/up) with one of the first order's tickets already checked in through it, and admitted again by
// an offline phone at a side gate (a scan conflict, on the dashboard's "Needs attention").
// Idempotent: fixed idempotency keys and scan nonces make a second run answer the same and change nothing.
//
// A development tool, not a service: it looks up the demo shop's and the demo user's ids with one read-only query
// each in catalog's and identity's databases, because the demo data has no fixed ids for them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { loadConfig } from '@kassa/platform/config';
import { callerKeyFromRoot, createGrpcClient } from '@kassa/platform/grpc';
import { localAddress, localDefaults } from '@kassa/platform/topology';
import { ShopServiceClient } from '@kassa/proto/catalog/v1/shops';
import { OrderingServiceClient } from '@kassa/proto/ordering/v1/ordering';
import { OrderServiceClient, type GuestOrder } from '@kassa/proto/ordering/v1/orders';
import { PaymentServiceClient } from '@kassa/proto/payments/v1/payments';
import { ScanServiceClient } from '@kassa/proto/ticketing/v1/scanning';
import { TicketServiceClient, type Ticket } from '@kassa/proto/ticketing/v1/tickets';
import { DEMO_SHOP_NAME } from '../../services/catalog/src/persistence/demo-data';
import { DEMO_ORGANISATION_ID, DEMO_USER } from '../../services/identity/src/persistence/demo-data';
import { orderHref, ticketHref } from '@kassa/web/lib/guest-access';

const env = process.env;
// Each service's database as that service itself reads it from the environment (DATABASE_URL, else kassa_<name>).
const databaseUrl = (service: 'catalog' | 'identity' | 'ordering') =>
  loadConfig(service, localDefaults(service)).databaseUrl;
const publicOrigin = env.PUBLIC_BASE_URL || 'http://localhost:3000';

async function queryOne<T>(database: 'catalog' | 'identity', sql: string, params: unknown[]): Promise<T | undefined> {
  const db = new Client({ connectionString: databaseUrl(database) });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows[0] as T | undefined;
  } finally {
    await db.end();
  }
}

/** Moves orders paid just now back by whole days (created, paid and changed alike), once each. */
async function backdateOrders(orders: { orderId: string; daysAgo: number }[]): Promise<void> {
  const db = new Client({ connectionString: databaseUrl('ordering') });
  await db.connect();
  try {
    for (const { orderId, daysAgo } of orders) {
      await db.query(
        `update orders set created_at = created_at - make_interval(days => $2),
           paid_at = paid_at - make_interval(days => $2), updated_at = updated_at - make_interval(days => $2)
         where id = $1 and paid_at > now() - interval '12 hours'`,
        [orderId, daysAgo],
      );
    }
  } finally {
    await db.end();
  }
}

async function main(): Promise<void> {
  const catalogAddress = env.CATALOG_GRPC_ADDRESS || localAddress('catalog');
  const orderingAddress = env.ORDERING_GRPC_ADDRESS || localAddress('ordering');
  const paymentsAddress = env.PAYMENTS_GRPC_ADDRESS || localAddress('payments');
  const ticketingAddress = env.TICKETING_GRPC_ADDRESS || localAddress('ticketing');
  // The seeding makes the calls a guest's and an organiser's browser would make through the BFF, so it signs as the
  // BFF, with the key the development root of .data/dev.env (KASSA_CALLER_KEY, passed on by scripts/up) derives.
  if (!env.KASSA_CALLER_KEY)
    throw new Error('seed-demo-orders needs KASSA_CALLER_KEY (scripts/up passes the one of .data/dev.env)');
  const callerKey = callerKeyFromRoot(env.KASSA_CALLER_KEY, 'bff');
  const shops = createGrpcClient(ShopServiceClient, catalogAddress, { callerKey, deadlineMs: 10_000 });
  const ordering = createGrpcClient(OrderingServiceClient, orderingAddress, { callerKey, deadlineMs: 10_000 });
  const orders = createGrpcClient(OrderServiceClient, orderingAddress, { callerKey, deadlineMs: 15_000 });
  const payments = createGrpcClient(PaymentServiceClient, paymentsAddress, { callerKey, deadlineMs: 15_000 });
  const tickets = createGrpcClient(TicketServiceClient, ticketingAddress, { callerKey, deadlineMs: 10_000 });
  const scanning = createGrpcClient(ScanServiceClient, ticketingAddress, { callerKey, deadlineMs: 10_000 });

  const shopRow = await queryOne<{ id: string }>(
    'catalog',
    "select id from shops where organisation_id = $1 and name = $2 and status = 'public' order by id limit 1",
    [DEMO_ORGANISATION_ID, DEMO_SHOP_NAME],
  );
  const userRow = await queryOne<{ id: string }>('identity', 'select id from users where email = $1', [
    DEMO_USER.email,
  ]);
  if (!shopRow || !userRow) throw new Error('the demo shop or the demo user is missing: run scripts/seed first');
  const shopId = shopRow.id;
  const organiser = { actorUserId: userRow.id };

  // ordering learns the shop from catalog's events; right after a first start that takes a moment.
  for (let attempt = 0; ; attempt++) {
    try {
      const availability = await ordering.getAvailability({ shopId });
      if (availability.items.length >= 3 && availability.items.every((item) => item.status !== 'closed')) break;
    } catch {
      // NOT_FOUND until the projection has the shop.
    }
    if (attempt > 120) throw new Error('ordering did not learn the demo shop within a minute');
    await sleep(500);
  }
  const { shop } = await shops.getPublicShop({ shopId, locale: 'en', password: '', accessToken: '' });
  const itemNamed = (name: string) => {
    const item = shop!.items.find((candidate) => candidate.name === name);
    if (!item) throw new Error(`the demo shop has no item "${name}"`);
    return item.id;
  };
  const regular = itemNamed('Regular');
  const vip = itemNamed('VIP');
  const pass = itemNamed('Weekend pass');

  async function place(
    key: string,
    email: string,
    lines: { itemId: string; quantity: number }[],
    extra: { discountCode?: string; donationMinor?: number } = {},
  ): Promise<GuestOrder> {
    const { order } = await orders.checkout({
      shopId,
      lines,
      email,
      discountCode: extra.discountCode ?? '',
      donationMinor: extra.donationMinor ?? 0,
      subscribe: email.startsWith('anna'),
      idempotencyKey: `demo-seed-${key}`,
      accessToken: '',
      locale: email.endsWith('.nl') ? 'nl' : 'en',
      clientAddress: '',
    });
    return order!;
  }

  async function pay(order: GuestOrder, key: string, action: 'pay' | 'fail'): Promise<void> {
    if (!order.payable) return; // paid, expired or canceled on an earlier run
    const orderAccessKey = order.accessKey;
    const { payment } = await payments.createPayment({
      orderId: order.id,
      orderAccessKey,
      idempotencyKey: `demo-seed-${key}-payment`,
      returnOrigin: publicOrigin,
    });
    await payments.completeDemoPayment({ paymentId: payment!.id, action, orderAccessKey });
  }

  async function waitUntilPaid(order: GuestOrder): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { order: now } = await orders.getGuestOrder({ orderId: order.id, accessKey: order.accessKey });
      if (now!.status === 'paid' || now!.status === 'canceled') return;
      await sleep(200);
    }
    throw new Error(`order ${order.number} did not become paid`);
  }

  async function refund(
    order: GuestOrder,
    key: string,
    request: { full: boolean; amountMinor: number },
  ): Promise<void> {
    await waitUntilPaid(order);
    const { order: current } = await orders.getOrder(
      { organisationId: DEMO_ORGANISATION_ID, orderId: order.id },
      organiser,
    );
    if (current!.status !== 'paid' || current!.money!.refundedMinor > 0) return; // refunded on an earlier run
    await orders.refundOrder(
      {
        organisationId: DEMO_ORGANISATION_ID,
        orderId: order.id,
        ...request,
        idempotencyKey: `demo-seed-${key}-refund`,
      },
      organiser,
    );
  }

  const anna = await place('anna', 'anna.devries@example.nl', [{ itemId: regular, quantity: 2 }], {
    discountCode: 'SUMMER10',
    donationMinor: 500,
  });
  await pay(anna, 'anna', 'pay');
  const jan = await place('jan', 'jan.jansen@example.nl', [{ itemId: vip, quantity: 1 }]);
  await pay(jan, 'jan', 'fail');
  const sophie = await place('sophie', 'sophie.martin@example.com', [{ itemId: pass, quantity: 2 }]);
  await pay(sophie, 'sophie', 'pay');
  await refund(sophie, 'sophie', { full: false, amountMinor: 1000 });
  const pieter = await place('pieter', 'pieter.bakker@example.nl', [{ itemId: regular, quantity: 1 }]);
  await pay(pieter, 'pieter', 'pay');
  await refund(pieter, 'pieter', { full: true, amountMinor: 0 });

  const lotte = await place('lotte', 'lotte.visser@example.nl', [{ itemId: regular, quantity: 1 }]);
  const { order: lotteNow } = await orders.getOrder(
    { organisationId: DEMO_ORGANISATION_ID, orderId: lotte.id },
    organiser,
  );
  // Canceled on an earlier run (or, had that run stopped just here, expired since): nothing to do.
  if (lotteNow!.status === 'reserved' || lotteNow!.status === 'pending')
    await orders.cancelOrder({ organisationId: DEMO_ORGANISATION_ID, orderId: lotte.id }, organiser);

  console.log(`demo orders in place: ${[anna, jan, sophie, pieter, lotte].map((order) => order.number).join(', ')}`);

  // A week of sales for the dashboard's chart: one to three paid orders on each of the last seven days, placed and
  // paid like any other, then dated back in ordering's own table (a development tool: the platform has no call that
  // places an order in the past). An order is dated back once: one paid long ago is left where it is.
  const history: { order: GuestOrder; daysAgo: number }[] = [];
  for (let daysAgo = 7; daysAgo >= 1; daysAgo--) {
    for (let index = 0; index <= daysAgo % 3; index++) {
      const key = `history-${daysAgo}-${index}`;
      const email = `guest.${daysAgo}.${index}@example.${index % 2 === 0 ? 'com' : 'nl'}`;
      const order = await place(key, email, [{ itemId: index === 2 ? vip : regular, quantity: 1 + (index % 2) }]);
      await pay(order, key, 'pay');
      history.push({ order, daysAgo });
    }
  }
  for (const { order } of history) await waitUntilPaid(order);
  await backdateOrders(history.map(({ order, daysAgo }) => ({ orderId: order.id, daysAgo })));
  console.log(`demo sales history: ${history.length} paid orders over the last 7 days`);

  // The entrance: ticketing issues the paid orders' tickets from ordering's events, a moment after payment.
  async function issuedTickets(order: GuestOrder, count: number): Promise<Ticket[]> {
    for (let attempt = 0; attempt < 150; attempt++) {
      const { tickets: issued } = await tickets.listOrderTickets({
        orderId: order.id,
        locale: 'en',
        orderAccessKey: order.accessKey,
      });
      if (issued.length >= count) return issued;
      await sleep(200);
    }
    throw new Error(`the tickets of order ${order.number} were not issued within 30 s`);
  }
  const [first] = await issuedTickets(anna, 2);
  // The guest's own links: an order or a ticket opens only with its access key, never with the id alone.
  console.log(
    `demo guest links: order ${anna.number} ${publicOrigin}${orderHref(anna)}; its first ticket ${publicOrigin}${ticketHref(first!)}`,
  );
  const eventId = first!.access[0]!.eventId;
  const link = await demoScanLink(eventId);
  const scanned = await scanning.scan({
    access: { linkSecret: link.secret, organisationId: '', eventId: '' },
    code: first!.code,
    nonce: `demo-seed-checkin-${link.linkId}`,
    deviceId: 'dev_demoboxoffice',
  });
  console.log(
    `demo check-in: ticket ${first!.reference} ${scanned.result === 'valid' ? 'checked in' : scanned.result} at the Box office; scanner ${link.url}`,
  );
  // A phone at a side gate that was offline admitted the same ticket: its upload is a conflict, which the event's
  // scan page lists and the dashboard's "Needs attention" points at.
  const synced = await scanning.syncOfflineScans({
    access: { linkSecret: link.secret, organisationId: '', eventId: '' },
    deviceId: 'dev_demosidegate',
    scans: [{ nonce: `demo-seed-conflict-${link.linkId}`, code: first!.code, scannedAt: new Date() }],
  });
  console.log(
    `demo scan conflict: ticket ${first!.reference} ${synced.outcomes[0]?.outcome ?? 'not synced'} at a side gate`,
  );
  for (const client of [shops, ordering, orders, payments, tickets, scanning]) client.close();

  /** The demo scan link: its secret is shown only once, so it is kept in .data and made again if it went missing. */
  async function demoScanLink(forEvent: string): Promise<{ linkId: string; secret: string; url: string }> {
    const file = '.data/demo-scan-link.json';
    const { links } = await scanning.listScanLinks(
      { organisationId: DEMO_ORGANISATION_ID, eventId: forEvent },
      organiser,
    );
    if (existsSync(file)) {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { linkId: string; secret: string; url: string };
      if (links.some((candidate) => candidate.id === kept.linkId && !candidate.revokedAt)) return kept;
    }
    const created = await scanning.createScanLink(
      { organisationId: DEMO_ORGANISATION_ID, eventId: forEvent, name: 'Box office', expiresAt: undefined },
      organiser,
    );
    const kept = { linkId: created.link!.id, secret: created.secret, url: `${publicOrigin}/scan/${created.secret}` };
    mkdirSync('.data', { recursive: true });
    writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
    return kept;
  }
}

main().catch((error: unknown) => {
  console.error('demo orders could not be placed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
