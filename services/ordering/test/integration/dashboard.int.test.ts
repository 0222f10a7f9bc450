// GetDashboard through gRPC, authorised by a real identity process: sales per currency for today, 7 and 30 days
// beside the span before, the 30 days of the chart, open holds and refunds, checked against the orders this test
// places on known calendar days; the live events with sold of capacity; a member without "orders.view" sees the
// events only; the next events' check-ins and what needs attention (failed e-mails, stuck payments and refunds, scan
// conflicts) from ticketing's and notifications' events, each counted once however often it is delivered.
import { EventChanged, ShopChanged } from '@kassa/proto/catalog/events/v1/events';
import { EmailStatusChanged } from '@kassa/proto/notifications/events/v1/events';
import { PaymentChanged, PaymentRefunded } from '@kassa/proto/payments/events/v1/events';
import { ScanConflictRecorded, TicketCheckedIn } from '@kassa/proto/ticketing/events/v1/events';
import type { GuestOrder } from '@kassa/proto/ordering/v1/orders';
import { eventChanged, eventSnapshot, shopChanged, shopSnapshot } from '../fixtures/catalog-messages';
import { type OrderingHarness, startOrderingHarness } from '../fixtures/ordering-harness';
import {
  checkoutRequest,
  idempotencyKey,
  payment,
  paymentChanged,
  paymentRefunded,
  refundRequests,
  seedShop,
  type SeededShop,
} from '../fixtures/orders';

jest.setTimeout(90_000);

const ZONE = 'Europe/Amsterdam';
const DAY_MS = 24 * 60 * 60 * 1000;

let h: OrderingHarness;
let organisationId: string;
let owner: { actorUserId: string };
let scanner: { actorUserId: string };
let euros: SeededShop;
let dollars: SeededShop;
let unsold: { id: string; name: string };
let later: { id: string; name: string; opensAt: Date };

/** The calendar day in Amsterdam, written by the test itself (not the service's helper). */
const dayOf = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const realNow = new Date();
const today = dayOf(realNow);
/** Noon in Amsterdam `daysAgo` calendar days before today (a UTC offset of one or two hours keeps it on that day). */
const noonDaysAgo = (daysAgo: number) => {
  const date = new Date(`${today}T11:00:00Z`);
  date.setUTCDate(date.getUTCDate() - daysAgo);
  return date;
};

beforeAll(async () => {
  h = await startOrderingHarness('dashboard', { identity: true });
  await h.createPaymentsStream();
  await h.createActivityStreams();
  const identity = h.identity!;
  const { userId } = await identity.signUp(`owner-${h.namespace}@example.test`, 'Olive Owner');
  owner = { actorUserId: userId };
  organisationId = await identity.createOrganisation(userId, 'Dashboard Festival');
  scanner = {
    actorUserId: (await identity.addMember(organisationId, userId, `scan-${h.namespace}@example.test`, ['checkin']))
      .userId,
  };
  const longOpen = { opensAt: new Date(realNow.getTime() - 90 * DAY_MS) };
  euros = await seedShop(h, { organisationId, capacity: 40, ticketLimit: 30, priceMinor: 2500, shop: longOpen });
  dollars = await seedShop(h, {
    organisationId,
    capacity: 10,
    ticketLimit: null,
    priceMinor: 1000,
    shop: { ...longOpen, currency: 'USD' },
  });
  // A live event no shop sells yet, and a shop that opens in two days.
  const event = eventSnapshot({ organisationId, name: 'Autumn Session' });
  await h.project('kassa.catalog.event.published', EventChanged, eventChanged(event, 'published'));
  unsold = { id: event.id, name: event.name };
  const upcoming = shopSnapshot({
    organisationId,
    name: 'Autumn Presale',
    opensAt: new Date(realNow.getTime() + 2 * DAY_MS),
    closesAt: new Date(realNow.getTime() + 3 * DAY_MS),
    window: 'upcoming',
  });
  await h.project('kassa.catalog.shop.published', ShopChanged, shopChanged(upcoming, 'published'));
  later = { id: upcoming.id, name: upcoming.name, opensAt: upcoming.opensAt! };
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

async function placeAt(at: Date, seeded: SeededShop, quantity: number): Promise<GuestOrder> {
  h.clock.now = at;
  const { order } = await h.orders.checkout(
    checkoutRequest(seeded.shop.id, [{ itemId: seeded.item.id, quantity }], { email: 'guest@example.test' }),
  );
  return order!;
}

async function paidAt(at: Date, seeded: SeededShop, quantity: number): Promise<GuestOrder> {
  const order = await placeAt(at, seeded, quantity);
  const attempt = payment(
    { id: order.id, organisationId, amountMinor: order.money!.totalMinor },
    { amount: { amountMinor: order.money!.totalMinor, currency: seeded.shop.currency } },
  );
  await h.deliverPayment('kassa.payments.payment.succeeded', PaymentChanged, paymentChanged(attempt, 'succeeded'));
  return order;
}

let paidOrders: GuestOrder[] = [];

const dashboard = (as: { actorUserId: string }, timeZone = '') =>
  h.orders.getDashboard({ organisationId, timeZone }, as);

describe('GetDashboard', () => {
  let tenDaysAgo: GuestOrder;
  let recentOrderIds: string[];

  beforeAll(async () => {
    // Orders on known days; the expected sums read each order's own total (price, fee and all).
    const placed: { daysAgo: number; order: GuestOrder; currency: string; tickets: number }[] = [];
    const sale = async (daysAgo: number, seeded: SeededShop, quantity: number) => {
      const at = daysAgo === 0 ? realNow : noonDaysAgo(daysAgo);
      const order = await paidAt(at, seeded, quantity);
      placed.push({ daysAgo, order, currency: seeded.shop.currency, tickets: quantity });
      return order;
    };
    await sale(40, euros, 1);
    tenDaysAgo = await sale(10, euros, 3);
    await sale(3, euros, 1);
    await sale(0, euros, 2);
    await sale(0, dollars, 1);
    expectedSales = placed;
    paidOrders = placed.map(({ order }) => order);
    // An order left unpaid: an open hold of 2 tickets.
    h.clock.now = realNow;
    const held = await placeAt(realNow, euros, 2);
    // A refund of 10.00 of the order paid ten days ago, succeeding today.
    const { refund } = await h.orders.refundOrder(
      { organisationId, orderId: tenDaysAgo.id, full: false, amountMinor: 1_000, idempotencyKey: idempotencyKey() },
      owner,
    );
    const request = await h.eventually(
      async () => (await refundRequests(h)).find((r) => r.refundId === refund!.id),
      'refund.requested',
    );
    await h.deliverPayment('kassa.payments.payment.refunded', PaymentRefunded, paymentRefunded(request, 'succeeded'));
    recentOrderIds = [held.id, ...placed.map(({ order }) => order.id).reverse()].slice(0, 5);
  });

  let expectedSales: { daysAgo: number; order: GuestOrder; currency: string; tickets: number }[] = [];
  const expectedSpan = (currency: string, from: number, days: number) => {
    const orders = expectedSales.filter(
      (sale) => sale.currency === currency && sale.daysAgo >= from && sale.daysAgo < from + days,
    );
    const refunded = currency === 'EUR' && from === 0 ? 1 : 0;
    return {
      orders: orders.length,
      tickets: orders.reduce((sum, sale) => sum + sale.tickets, 0),
      grossMinor: orders.reduce((sum, sale) => sum + sale.order.money!.totalMinor, 0),
      refunds: refunded,
      refundedMinor: refunded * 1_000,
    };
  };

  it("counts days in the organisation's zone (Amsterdam when it has none) and refuses a zone that is not one", async () => {
    // Kiritimati is UTC+14: its today is a day ahead of Honolulu's (UTC-10) for most of every day.
    const ahead = await dashboard(owner, 'Pacific/Kiritimati');
    const behind = await dashboard(owner, 'Pacific/Honolulu');
    expect([ahead.timeZone, behind.timeZone]).toEqual(['Pacific/Kiritimati', 'Pacific/Honolulu']);
    const today = (zone: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
        new Date(),
      );
    expect(ahead.sales[0]!.days.at(-1)!.date).toBe(today('Pacific/Kiritimati'));
    expect(behind.sales[0]!.days.at(-1)!.date).toBe(today('Pacific/Honolulu'));
    await expect(dashboard(owner, 'Mars/Base')).rejects.toMatchObject({
      violations: [{ field: 'timeZone', message: 'Time zone is invalid' }],
    });
  });

  it('sums sales per currency for today, 7 and 30 days beside the span before, with refunds on their own day', async () => {
    const answer = await dashboard(owner);
    expect(answer.salesVisible).toBe(true);
    expect(answer.timeZone).toBe(ZONE);
    expect(answer.sales.map((sales) => sales.currency)).toEqual(['EUR', 'USD']);
    for (const currency of ['EUR', 'USD']) {
      const sales = answer.sales.find((entry) => entry.currency === currency)!;
      expect(sales.periods).toEqual(
        [
          ['today', 1],
          ['7d', 7],
          ['30d', 30],
        ].map(([period, days]) => ({
          period,
          current: expectedSpan(currency, 0, days as number),
          previous: expectedSpan(currency, days as number, days as number),
        })),
      );
    }
    const eur = answer.sales[0]!;
    // Worked out by hand as well: 2 + 1 tickets in 7 days, 2 + 1 + 3 in 30, the 3 of ten days ago the 7 before.
    expect(eur.periods.map((period) => [period.current!.tickets, period.previous!.tickets])).toEqual([
      [2, 0],
      [3, 3],
      [6, 1],
    ]);
  });

  it('gives the chart 30 days, oldest first, today last, with net sales (refunds taken off the day they succeeded)', async () => {
    const eur = (await dashboard(owner)).sales[0]!;
    expect(eur.days).toHaveLength(30);
    expect(eur.days[29]!.date).toBe(today);
    expect(eur.days[0]!.date).toBe(dayOf(noonDaysAgo(29)));
    const byDate = new Map(eur.days.map((day) => [day.date, day]));
    const todays = expectedSales.filter((sale) => sale.currency === 'EUR' && sale.daysAgo === 0);
    expect(byDate.get(today)).toEqual({
      date: today,
      tickets: todays.reduce((sum, sale) => sum + sale.tickets, 0),
      netMinor: todays.reduce((sum, sale) => sum + sale.order.money!.totalMinor, 0) - 1_000,
    });
    expect(byDate.get(dayOf(noonDaysAgo(10)))).toEqual({
      date: dayOf(noonDaysAgo(10)),
      tickets: 3,
      netMinor: tenDaysAgo.money!.totalMinor,
    });
    expect(eur.days.reduce((sum, day) => sum + day.tickets, 0)).toBe(6);
  });

  it('counts open holds and lists the newest orders', async () => {
    const answer = await dashboard(owner);
    expect({ openHolds: answer.openHolds, heldTickets: answer.heldTickets }).toEqual({ openHolds: 1, heldTickets: 2 });
    expect(answer.recentOrders.map((order) => order.id)).toEqual(recentOrderIds);
  });

  it('lists the live events with sold, held and capacity (the smaller of ticket limit and options, or unlimited)', async () => {
    const answer = await dashboard(owner);
    const byId = new Map(answer.events.map((event) => [event.id, event]));
    expect(byId.get(euros.event.id)).toMatchObject({
      name: euros.event.name,
      startsAt: euros.event.startsAt,
      sold: 1 + 3 + 1 + 2,
      reserved: 2,
      capacity: 30,
    });
    // The dollar event has no ticket limit: its one option's capacity is what it can sell.
    expect(byId.get(dollars.event.id)).toMatchObject({ sold: 1, reserved: 0, capacity: 10, shopCount: 1 });
    expect(byId.get(euros.event.id)!.shopCount).toBe(1);
    // No shop sells it yet: the dashboard points that out.
    expect(byId.get(unsold.id)).toMatchObject({ name: unsold.name, sold: 0, shopCount: 0 });
  });

  it('lists the shops open now, then the ones opening later', async () => {
    const { shops } = await dashboard(owner);
    expect(shops.map((shop) => [shop.id, shop.window])).toEqual([
      ...[euros.shop.id, dollars.shop.id].sort().map((id) => [id, 'open']),
      [later.id, 'upcoming'],
    ]);
    expect(shops[2]).toMatchObject({ name: later.name, opensAt: later.opensAt, currency: 'EUR' });
  });

  it('a member without "orders.view" sees the events, and no sales, holds or orders', async () => {
    const answer = await dashboard(scanner);
    expect(answer).toMatchObject({ salesVisible: false, sales: [], openHolds: 0, heldTickets: 0, recentOrders: [] });
    expect(answer.events.map((event) => event.id).sort()).toEqual([euros.event.id, dollars.event.id, unsold.id].sort());
    expect(answer.shops).toHaveLength(3);
  });

  it("counts each event's check-ins once, and says what needs attention to those who may act on it", async () => {
    const MINUTE = 60_000;
    const at = (minutesAgo: number) => new Date(realNow.getTime() - minutesAgo * MINUTE);
    const checkIn = (ticketId: string, eventId: string) =>
      h.deliverActivity('kassa.ticketing.ticket.checked_in', TicketCheckedIn, {
        ticketId,
        organisationId,
        eventId,
        orderId: paidOrders[0]!.id,
        checkedInAt: realNow,
        deviceName: 'Gate A',
        offline: false,
      });
    // Three tickets at the euro event, one of them reported again (a second message, as a redelivery after a crash
    // would be); one at the dollar event.
    await checkIn('tkt_a', euros.event.id);
    await checkIn('tkt_b', euros.event.id);
    await checkIn('tkt_a', euros.event.id);
    await checkIn('tkt_c', euros.event.id);
    await checkIn('tkt_d', dollars.event.id);

    // Conflicts: two at the euro event (one reported twice), one at an event that ended eight days ago (no longer
    // shown), one at the event nobody sells.
    const ended = eventSnapshot({
      organisationId,
      name: 'Spring Session',
      startsAt: at(9 * 24 * 60),
      endsAt: at(8 * 24 * 60),
    });
    await h.project('kassa.catalog.event.published', EventChanged, eventChanged(ended, 'published'));
    const conflict = (conflictId: string, eventId: string) =>
      h.deliverActivity('kassa.ticketing.scan.conflict_recorded', ScanConflictRecorded, {
        conflictId,
        organisationId,
        eventId,
        ticketId: 'tkt_x',
        recordedAt: realNow,
      });
    await conflict('cfl_1', euros.event.id);
    await conflict('cfl_2', euros.event.id);
    await conflict('cfl_1', euros.event.id);
    await conflict('cfl_3', ended.id);
    await conflict('cfl_4', unsold.id);

    // E-mails: the first paid order's bounced after it was sent; the second's bounced, then a resend was delivered;
    // the third's was delivered and an older bounce arrived late; an unpaid order's bounced (not a guest with
    // tickets); a sign-in code's is not an order's at all.
    const delivery = (subjectRef: string, messageId: string, status: string, minutesAgo: number) =>
      h.deliverActivity('kassa.notifications.email.status_changed', EmailStatusChanged, {
        messageId,
        subjectRef,
        status,
        occurredAt: at(minutesAgo),
      });
    const [first, second, third] = paidOrders;
    await delivery(first!.id, 'msg_1', 'send', 20);
    await delivery(first!.id, 'msg_1', 'bounce', 19);
    await delivery(second!.id, 'msg_2', 'bounce', 20);
    await delivery(second!.id, 'msg_3', 'delivery', 10);
    await delivery(third!.id, 'msg_4', 'delivery', 10);
    await delivery(third!.id, 'msg_4', 'bounce', 15);
    h.clock.now = realNow;
    const unpaid = await placeAt(realNow, dollars, 1);
    // Not an order's e-mail: acknowledged without a transaction (no inbox row to wait for), so published before the
    // last order's report, which the consumer handles after it.
    await h.publish('kassa.notifications.email.status_changed', EmailStatusChanged, {
      messageId: 'msg_6',
      subjectRef: 'sic_01hzzzzzzzzzzzzzzzzzzzzzzz',
      status: 'reject',
      occurredAt: at(5),
    });
    await delivery(unpaid.id, 'msg_5', 'bounce', 5);
    expect(
      await h.sql(
        "select count(*)::int as n from inbox where message_id like 'obx_%' and consumer like '%email-deliveries%'",
      ),
    ).toEqual([{ n: 7 }]);

    // A payment heard as pending 31 minutes ago (stuck) and one 5 minutes ago (not yet); a refund requested 31
    // minutes ago without an answer.
    const pendingSince = async (order: GuestOrder, minutesAgo: number) => {
      h.clock.now = at(minutesAgo);
      const attempt = payment(
        { id: order.id, organisationId, amountMinor: order.money!.totalMinor },
        { amount: { amountMinor: order.money!.totalMinor, currency: 'USD' } },
      );
      await h.deliverPayment('kassa.payments.payment.pending', PaymentChanged, paymentChanged(attempt, 'pending'));
    };
    await pendingSince(unpaid, 31);
    await pendingSince(await placeAt(realNow, dollars, 1), 5);
    h.clock.now = at(31);
    await h.orders.refundOrder(
      { organisationId, orderId: third!.id, full: false, amountMinor: 100, idempotencyKey: idempotencyKey() },
      owner,
    );
    h.clock.now = null;

    const answer = await dashboard(owner);
    const checkedIn = new Map(answer.events.map((event) => [event.id, event.checkedIn]));
    expect(checkedIn.get(euros.event.id)).toBe(3);
    expect(checkedIn.get(dollars.event.id)).toBe(1);
    expect(checkedIn.get(unsold.id)).toBe(0);
    expect(answer.attention).toMatchObject({
      failedEmailOrders: 1,
      failedEmails: [{ orderId: first!.id, orderNumber: first!.number, status: 'bounce', occurredAt: at(19) }],
      stuckPayments: 1,
      stuckRefunds: 1,
    });
    expect(answer.attention!.scanConflicts).toEqual(
      expect.arrayContaining([
        { eventId: euros.event.id, eventName: euros.event.name, conflicts: 2 },
        { eventId: unsold.id, eventName: unsold.name, conflicts: 1 },
      ]),
    );
    expect(answer.attention!.scanConflicts).toHaveLength(2);

    // The scanner ("checkin" only) sees the check-ins and the conflicts, and nothing about orders or money.
    const scanning = await dashboard(scanner);
    expect(scanning.events.find((event) => event.id === euros.event.id)!.checkedIn).toBe(3);
    expect(scanning.attention).toMatchObject({
      failedEmailOrders: 0,
      failedEmails: [],
      stuckPayments: 0,
      stuckRefunds: 0,
    });
    expect(scanning.attention!.scanConflicts).toHaveLength(2);
  });
});
