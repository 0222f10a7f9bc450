import { randomBytes } from 'node:crypto';
import { type GrpcCallError, status } from '@kassa/platform/grpc';
import { newAccessKey, newId } from '@kassa/platform/ids';
import type { Event } from '@kassa/proto/catalog/v1/events';
import type { OrderSnapshot } from '../fixtures/orders';
import { eventSnapshot, orderLine, orderSnapshot, withStatus } from '../fixtures/orders';
import { type TicketingHarness, startTicketingHarness } from '../fixtures/ticketing-harness';

// TicketService against the real PostgreSQL and NATS and a real identity process (authorisation); ordering and
// catalog are played by the test through their streams.
jest.setTimeout(90_000);

let h: TicketingHarness;
let owner: string;
let org: string;
let scanner: string;
let seller: string;
let planner: string;
let outsider: string;
let outsiderOrg: string;
let event: Event;
let alice: OrderSnapshot;
let bob: OrderSnapshot;
let refunded: OrderSnapshot;
let held: OrderSnapshot;

const as = (userId: string) => ({ actorUserId: userId });
const address = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected an error');
    },
    (error: GrpcCallError) => error,
  );

/** Publishes an order's changes in turn (versions 1, 2, …), a second apart on the service's clock. */
async function place(changes: [string, OrderSnapshot][]): Promise<void> {
  for (const [index, [change, snapshot]] of changes.entries()) {
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    await h.orderProcessed(await h.publishOrder(change, snapshot, index + 1));
  }
}

beforeAll(async () => {
  h = await startTicketingHarness('api', { identity: true });
  const identity = h.identity!;
  owner = (await identity.signUp(address('owner'))).userId;
  org = await identity.createOrganisation(owner, 'Tickets Org');
  scanner = (await identity.addMember(org, owner, address('door'), ['checkin'])).userId;
  seller = (await identity.addMember(org, owner, address('shop'), ['shops'])).userId;
  planner = (await identity.addMember(org, owner, address('planner'), ['events'])).userId;
  outsider = (await identity.signUp(address('outsider'))).userId;
  outsiderOrg = await identity.createOrganisation(outsider, 'Other Org');

  event = eventSnapshot(org, {
    name: 'Summer Concert',
    translations: [{ locale: 'nl', name: 'Zomerconcert', description: '' }],
  });
  await h.eventProcessed(await h.publishEvent(event));
  const line = (name: string, quantity: number, unit: number, ticketOptionId?: string) =>
    orderLine([event.id], { name, quantity, unitPriceMinor: unit, ...(ticketOptionId ? { ticketOptionId } : {}) });
  const regular = newId('tko');
  alice = orderSnapshot(org, [line('Regular', 2, 2500, regular)], { email: 'Alice@Example.com', locale: 'nl' });
  bob = orderSnapshot(org, [line('VIP', 1, 6000)], { email: 'bob@example.com', subscribe: false });
  refunded = orderSnapshot(org, [line('Regular', 1, 2500, regular)], { email: 'carol@example.com' });
  held = orderSnapshot(org, [line('Regular', 1, 2500, regular)], { email: 'dave@example.com' });
  await place([
    ['reserved', alice],
    ['paid', withStatus(alice, 'paid')],
  ]);
  await place([['paid', withStatus(bob, 'paid')]]);
  await place([
    ['paid', withStatus(refunded, 'paid')],
    ['canceled', withStatus(refunded, 'canceled', 'refunded')],
  ]);
  await place([['reserved', held]]);
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

const ticketIdsOf = async (orderId: string) =>
  (await h.sql<{ id: string }>('select id from ticket where order_id = ? order by position', [orderId])).map(
    (row) => row.id,
  );
const keyOf = async (ticketId: string) =>
  (await h.sql<{ access_key: string }>('select access_key from ticket where id = ?', [ticketId]))[0]!.access_key;

describe('GetTicket (public)', () => {
  it("answers an issued ticket with its code and events in the asked language, without the buyer's e-mail", async () => {
    const [id] = await ticketIdsOf(alice.id);
    const { ticket } = await h.client.getTicket({ ticketId: id!, locale: 'nl', accessKey: await keyOf(id!) });
    expect(ticket).toMatchObject({
      id,
      status: 'created',
      orderId: alice.id,
      orderNumber: alice.number,
      organisationId: org,
      itemName: 'Regular',
      email: '',
      price: { amountMinor: 2500, currency: 'EUR' },
      position: 1,
      ofCount: 2,
    });
    expect(ticket!.code).toMatch(/^KT1\.key_/);
    expect(ticket!.events).toEqual([expect.objectContaining({ id: event.id, name: 'Zomerconcert', city: 'Utrecht' })]);
    expect(ticket!.access).toEqual([{ eventId: event.id, checkedInAt: undefined, checkedInByDevice: '' }]);
    expect(
      (await h.client.getTicket({ ticketId: id!, locale: '', accessKey: await keyOf(id!) })).ticket!.events[0]!.name,
    ).toBe('Summer Concert');
  });

  it('is NOT_FOUND for an unknown ticket and for one that was never issued; a malformed id or locale is INVALID_ARGUMENT', async () => {
    expect(
      (await failure(h.client.getTicket({ ticketId: newId('tkt'), locale: 'en', accessKey: newAccessKey() }))).code,
    ).toBe(status.NOT_FOUND);
    const [reserved] = await ticketIdsOf(held.id);
    expect(
      (await failure(h.client.getTicket({ ticketId: reserved!, locale: 'en', accessKey: await keyOf(reserved!) })))
        .code,
    ).toBe(status.NOT_FOUND);
    const invalid = await failure(h.client.getTicket({ ticketId: 'ord_1', locale: 'de', accessKey: '' }));
    expect(invalid.code).toBe(status.INVALID_ARGUMENT);
    expect(invalid.violations).toEqual([
      { field: 'ticketId', message: 'ID is invalid' },
      { field: 'locale', message: 'Locale is invalid' },
    ]);
  });

  it("opens only with the ticket's own key: none, another ticket's (of the same order) or a changed one is NOT_FOUND", async () => {
    const [first, second] = await ticketIdsOf(alice.id);
    const [firstKey, secondKey] = [await keyOf(first!), await keyOf(second!)];
    expect(firstKey).not.toBe(secondKey);
    const flipped = `${firstKey.slice(0, -2)}${firstKey.at(-2) === 'x' ? 'y' : 'x'}${firstKey.at(-1)}`;
    for (const accessKey of ['', secondKey, flipped, h.guestKey(alice.id)]) {
      expect((await failure(h.client.getTicket({ ticketId: first!, locale: 'en', accessKey }))).code).toBe(
        status.NOT_FOUND,
      );
    }
    expect((await h.client.getTicket({ ticketId: first!, locale: 'en', accessKey: firstKey })).ticket!.accessKey).toBe(
      firstKey,
    );
  });

  it('shows a canceled ticket as canceled, without a code', async () => {
    const [id] = await ticketIdsOf(refunded.id);
    const { ticket } = await h.client.getTicket({ ticketId: id!, locale: 'en', accessKey: await keyOf(id!) });
    expect([ticket!.status, ticket!.code, ticket!.canceledAt instanceof Date]).toEqual(['canceled', '', true]);
  });
});

describe('ListOrderTickets (public) and ListTicketsOfOrder (organisers)', () => {
  it('gives guests nothing before the order is paid, and the same for an unknown order', async () => {
    expect(
      (await h.client.listOrderTickets({ orderId: held.id, locale: 'en', orderAccessKey: h.guestKey(held.id) }))
        .tickets,
    ).toEqual([]);
    expect(
      (await h.client.listOrderTickets({ orderId: newId('ord'), locale: 'en', orderAccessKey: newAccessKey() }))
        .tickets,
    ).toEqual([]);
    expect(
      (await failure(h.client.listOrderTickets({ orderId: 'x', locale: 'en', orderAccessKey: '' }))).violations,
    ).toEqual([{ field: 'orderId', message: 'ID is invalid' }]);
  });

  it("gives guests a paid order's tickets, each with its own page key, only with the order's guest key", async () => {
    const listed = (
      await h.client.listOrderTickets({ orderId: alice.id, locale: 'en', orderAccessKey: h.guestKey(alice.id) })
    ).tickets;
    expect(listed.map((ticket) => ticket.accessKey)).toEqual([await keyOf(listed[0]!.id), await keyOf(listed[1]!.id)]);
    for (const orderAccessKey of ['', h.guestKey(bob.id), newAccessKey(), listed[0]!.accessKey]) {
      expect((await h.client.listOrderTickets({ orderId: alice.id, locale: 'en', orderAccessKey })).tickets).toEqual(
        [],
      );
    }
  });

  it('gives organisers with "orders.view" every ticket of their order, reserved ones too, with the buyer\'s e-mail', async () => {
    const paid = await h.client.listTicketsOfOrder({ organisationId: org, orderId: alice.id }, as(owner));
    expect(paid.tickets.map((ticket) => [ticket.position, ticket.status, ticket.email])).toEqual([
      [1, 'created', 'Alice@Example.com'],
      [2, 'created', 'Alice@Example.com'],
    ]);
    expect(paid.tickets[0]!.events[0]!.name).toBe('Summer Concert');
    const reserved = await h.client.listTicketsOfOrder({ organisationId: org, orderId: held.id }, as(owner));
    expect(reserved.tickets.map((ticket) => [ticket.status, ticket.code])).toEqual([['reserved', '']]);
  });

  it('refuses everyone else: NOT_FOUND across organisations, PERMISSION_DENIED without the permission', async () => {
    expect(
      (await failure(h.client.listTicketsOfOrder({ organisationId: outsiderOrg, orderId: alice.id }, as(outsider))))
        .code,
    ).toBe(status.NOT_FOUND);
    expect(
      (await failure(h.client.listTicketsOfOrder({ organisationId: org, orderId: alice.id }, as(outsider)))).code,
    ).toBe(status.NOT_FOUND);
    expect(
      (await failure(h.client.listTicketsOfOrder({ organisationId: org, orderId: newId('ord') }, as(owner)))).code,
    ).toBe(status.NOT_FOUND);
    expect(
      (await failure(h.client.listTicketsOfOrder({ organisationId: org, orderId: alice.id }, as(scanner)))).code,
    ).toBe(status.PERMISSION_DENIED);
    expect((await failure(h.client.listTicketsOfOrder({ organisationId: org, orderId: alice.id }))).code).toBe(
      status.UNAUTHENTICATED,
    );
  });
});

describe('ListAttendees', () => {
  const request = (extra: Record<string, unknown> = {}) => ({
    organisationId: org,
    eventId: event.id,
    shopId: '',
    query: '',
    statuses: [] as string[],
    page: undefined,
    ...extra,
  });

  it('lists every issued ticket granting the event, newest issued first, for "orders.view" or "checkin"', async () => {
    const all = await h.client.listAttendees(request(), as(scanner));
    const expected = [
      ...(await ticketIdsOf(refunded.id)),
      ...(await ticketIdsOf(bob.id)),
      ...(await ticketIdsOf(alice.id)).reverse(),
    ];
    // Newest issued first; an order's tickets share the moment, then the newest id first.
    expect(all.attendees.map((attendee) => attendee.ticketId)).toEqual(expected);
    expect(all.page).toEqual({ nextPageToken: '', totalSize: 4 });
    expect(all.attendees.find((attendee) => attendee.email === 'bob@example.com')).toMatchObject({
      status: 'created',
      itemName: 'VIP',
      orderNumber: bob.number,
      subscribed: false,
    });
    expect(all.attendees.find((attendee) => attendee.email === 'carol@example.com')!.status).toBe('canceled');
    expect((await h.client.listAttendees(request(), as(owner))).attendees).toHaveLength(4);
  });

  it('finds by reference or order number in any case with or without the dash, and by part of the e-mail', async () => {
    const [aliceTicket] = await ticketIdsOf(alice.id);
    const [row] = await h.sql<{ reference: string }>('select reference from ticket where id = ?', [aliceTicket]);
    const reference = row!.reference;
    const byReference = await h.client.listAttendees(
      request({ query: reference.replace('-', '').toLowerCase() }),
      as(owner),
    );
    expect(byReference.attendees.map((attendee) => attendee.ticketId)).toEqual([aliceTicket]);
    const byNumber = await h.client.listAttendees(request({ query: bob.number.slice(2, 7).toLowerCase() }), as(owner));
    expect(byNumber.attendees.map((attendee) => attendee.orderId)).toEqual([bob.id]);
    const byEmail = await h.client.listAttendees(request({ query: 'ALICE@example' }), as(owner));
    expect(byEmail.attendees.map((attendee) => attendee.orderId)).toEqual([alice.id, alice.id]);
    expect((await h.client.listAttendees(request({ query: '100%_' }), as(owner))).attendees).toEqual([]);
  });

  it('filters by the status at this event ("used" = checked in here) and pages with the platform\'s tokens', async () => {
    const [first] = await ticketIdsOf(alice.id);
    await h.sql(`update ticket_access set checked_in_at = ?, checked_in_device = 'Main entrance' where ticket_id = ?`, [
      h.clock.now,
      first,
    ]);
    const used = await h.client.listAttendees(request({ statuses: ['used'] }), as(owner));
    expect(used.attendees.map((attendee) => [attendee.ticketId, attendee.status, attendee.checkedInByDevice])).toEqual([
      [first, 'used', 'Main entrance'],
    ]);
    const open = await h.client.listAttendees(request({ statuses: ['created', 'canceled'] }), as(owner));
    expect(open.attendees).toHaveLength(3);

    const page1 = await h.client.listAttendees(request({ page: { pageSize: 3, pageToken: '' } }), as(owner));
    expect(page1.attendees).toHaveLength(3);
    expect(page1.page!.totalSize).toBe(4);
    const page2 = await h.client.listAttendees(
      request({ page: { pageSize: 3, pageToken: page1.page!.nextPageToken } }),
      as(owner),
    );
    expect(page2.attendees).toHaveLength(1);
    expect(page2.page!.nextPageToken).toBe('');
    expect(new Set([...page1.attendees, ...page2.attendees].map((attendee) => attendee.ticketId)).size).toBe(4);
    await h.sql('update ticket_access set checked_in_at = null, checked_in_device = null where ticket_id = ?', [first]);
  });

  it("lists a shop's tickets instead, one row each, 'used' with its first check-in at any of its events", async () => {
    const byShop = (shopId: string, statuses: string[] = []) =>
      h.client.listAttendees({ ...request({ statuses }), eventId: '', shopId }, as(owner));
    const aliceTickets = await ticketIdsOf(alice.id);
    expect((await byShop(alice.shopId)).attendees.map((row) => row.ticketId).sort()).toEqual([...aliceTickets].sort());
    expect((await byShop(bob.shopId)).attendees.map((row) => [row.orderId, row.status])).toEqual([[bob.id, 'created']]);
    await h.sql(`update ticket_access set checked_in_at = ?, checked_in_device = 'Side door' where ticket_id = ?`, [
      h.clock.now,
      aliceTickets[1],
    ]);
    const used = await byShop(alice.shopId, ['used']);
    expect(used.attendees.map((row) => [row.ticketId, row.checkedInByDevice, row.checkedInAt])).toEqual([
      [aliceTickets[1], 'Side door', h.clock.now],
    ]);
    await h.sql('update ticket_access set checked_in_at = null, checked_in_device = null where ticket_id = ?', [
      aliceTickets[1],
    ]);
    // A shop of another organisation has no tickets in this one; a malformed shop id is refused.
    expect((await byShop(newId('shp'))).attendees).toEqual([]);
    expect(
      (await h.client.listAttendees({ ...request(), eventId: '', shopId: alice.shopId }, as(outsider)).catch((e) => e))
        .code,
    ).toBe(status.NOT_FOUND);
    expect((await failure(byShop('shp_x'))).violations).toEqual([{ field: 'shopId', message: 'ID is invalid' }]);
  });

  it("validates statuses, ids and page tokens with the spec's messages", async () => {
    const invalid = await failure(
      h.client.listAttendees({ ...request({ statuses: ['reserved'] }), eventId: 'evt_x', shopId: '' }, as(owner)),
    );
    expect(invalid.violations).toEqual([
      { field: 'eventId', message: 'ID is invalid' },
      { field: 'statuses.0', message: 'Status is invalid' },
    ]);
    const token = await failure(
      h.client.listAttendees(request({ page: { pageSize: 10, pageToken: 'nonsense' } }), as(owner)),
    );
    expect(token.violations).toEqual([{ field: 'page.pageToken', message: 'Page is invalid' }]);
  });

  it('refuses members without "orders.view" or "checkin", outsiders, and other organisations\' events', async () => {
    expect((await failure(h.client.listAttendees(request(), as(seller)))).code).toBe(status.PERMISSION_DENIED);
    expect((await failure(h.client.listAttendees(request(), as(outsider)))).code).toBe(status.NOT_FOUND);
    expect(
      (await failure(h.client.listAttendees({ ...request(), organisationId: outsiderOrg }, as(outsider)))).code,
    ).toBe(status.NOT_FOUND);
    expect(
      (await failure(h.client.listAttendees({ ...request(), eventId: newId('evt'), shopId: '' }, as(owner)))).code,
    ).toBe(status.NOT_FOUND);
  });
});

describe('GetEventTicketStats', () => {
  it('counts sold, checked in and canceled tickets, revenue and options, and check-ins per minute over the last hour', async () => {
    const [first, second] = await ticketIdsOf(alice.id);
    const now = h.clock.now;
    await h.sql(`update ticket_access set checked_in_at = ?, checked_in_device = 'Door' where ticket_id = ?`, [
      new Date(now.getTime() - 30_000),
      first,
    ]);
    await h.sql(`update ticket_access set checked_in_at = ?, checked_in_device = 'Door' where ticket_id = ?`, [
      new Date(now.getTime() - 5 * 60_000 - 1_000),
      second,
    ]);
    try {
      const stats = await h.client.getEventTicketStats({ organisationId: org, eventId: event.id }, as(planner));
      expect(stats).toMatchObject({
        sold: 3,
        checkedIn: 2,
        canceled: 1,
        revenue: { amountMinor: 2500 * 2 + 6000, currency: 'EUR' },
        openConflicts: 0,
      });
      expect(stats.options).toEqual([
        { ticketOptionId: alice.lines[0]!.ticketOptionId, name: 'Regular', sold: 2, checkedIn: 2 },
        { ticketOptionId: bob.lines[0]!.ticketOptionId, name: 'VIP', sold: 1, checkedIn: 0 },
      ]);
      expect(stats.checkInsPerMinute).toHaveLength(60);
      expect(stats.checkInsPerMinute[59]).toBe(1);
      expect(stats.checkInsPerMinute[54]).toBe(1);
      expect(stats.checkInsPerMinute.reduce((sum, value) => sum + value, 0)).toBe(2);
    } finally {
      await h.sql('update ticket_access set checked_in_at = null, checked_in_device = null where ticket_id in (?, ?)', [
        first,
        second,
      ]);
    }
  });

  it("counts the event's unresolved offline conflicts", async () => {
    const [first] = await ticketIdsOf(alice.id);
    const conflict = (resolvedAt: Date | null) =>
      h.sql(
        `insert into scan_conflict (id, organisation_id, event_id, ticket_id, first_checked_in_at, first_device, second_checked_in_at, second_device, nonce, recorded_at, resolved_at)
       values (?, ?, ?, ?, ?, 'Door A', ?, 'Door B', ?, ?, ?)`,
        [
          newId('cfl'),
          org,
          event.id,
          first,
          h.clock.now,
          h.clock.now,
          randomBytes(8).toString('hex'),
          h.clock.now,
          resolvedAt,
        ],
      );
    await conflict(null);
    await conflict(h.clock.now);
    try {
      expect(
        (await h.client.getEventTicketStats({ organisationId: org, eventId: event.id }, as(owner))).openConflicts,
      ).toBe(1);
    } finally {
      await h.sql('delete from scan_conflict where event_id = ?', [event.id]);
    }
  });

  it('answers "events", "orders.view" and "checkin" members, nobody else', async () => {
    for (const member of [owner, scanner, planner]) {
      expect((await h.client.getEventTicketStats({ organisationId: org, eventId: event.id }, as(member))).sold).toBe(3);
    }
    expect(
      (await failure(h.client.getEventTicketStats({ organisationId: org, eventId: event.id }, as(seller)))).code,
    ).toBe(status.PERMISSION_DENIED);
    expect(
      (await failure(h.client.getEventTicketStats({ organisationId: outsiderOrg, eventId: event.id }, as(outsider))))
        .code,
    ).toBe(status.NOT_FOUND);
    expect(
      (await failure(h.client.getEventTicketStats({ organisationId: org, eventId: 'evt' }, as(owner)))).violations,
    ).toEqual([{ field: 'eventId', message: 'ID is invalid' }]);
  });

  it("shows an event without tickets as zeros in the organisation's currency", async () => {
    const quiet = eventSnapshot(org, { name: 'Quiet' });
    await h.eventProcessed(await h.publishEvent(quiet));
    const stats = await h.client.getEventTicketStats({ organisationId: org, eventId: quiet.id }, as(owner));
    expect(stats).toMatchObject({
      sold: 0,
      checkedIn: 0,
      canceled: 0,
      revenue: { amountMinor: 0, currency: 'EUR' },
      options: [],
      openConflicts: 0,
    });
    expect(stats.checkInsPerMinute.every((value) => value === 0)).toBe(true);
  });
});
