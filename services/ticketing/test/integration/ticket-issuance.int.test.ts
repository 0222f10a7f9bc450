import { newId } from '@kassa/platform/ids';
import type { Telemetry } from '@kassa/platform/telemetry';
import { importRawPublicKey, verifyTicketCode } from '../../src/domain/ticket-code';
import { createTicketKeyStore } from '../../src/persistence/ticket-key.store';
import { metricValue, startTestTelemetry } from '@kassa/platform/testing';
import { eventSnapshot, orderLine, orderSnapshot, withStatus } from '../fixtures/orders';
import { type PublishedMessage, type TicketingHarness, startTicketingHarness } from '../fixtures/ticketing-harness';

// ordering's order changes → tickets, against real PostgreSQL and NATS: the test publishes ordering's and catalog's
// messages on their streams exactly as their relays would and watches ticketing's tables, API and stream.
jest.setTimeout(90_000);

let h: TicketingHarness;
let telemetry: Telemetry;
beforeAll(async () => {
  telemetry = startTestTelemetry('ticketing-test');
  h = await startTicketingHarness('issuance');
}, 90_000);
afterAll(async () => {
  await h?.stop();
  await telemetry?.shutdown();
});

/** The ticket counters; each is counted once the consumer's transaction committed. */
const ticketMetrics = async () => ({
  issued: await metricValue('kassa_tickets_issued_total'),
  voided: await metricValue('kassa_tickets_voided_total'),
  ordersIssued: await metricValue('kassa_checkout_funnel_total', { stage: 'tickets_issued' }),
});

const ORG = newId('org');

interface TicketRow {
  id: string;
  reference: string;
  status: string;
  position: number;
  of_count: number;
  price_minor: string;
  code: string | null;
  key_id: string | null;
  issued_at: string | null;
  canceled_at: string | null;
}
const ticketsOf = (orderId: string) =>
  h.sql<TicketRow>('select * from ticket where order_id = ? order by position', [orderId]);
const accessOf = (ticketId: string) =>
  h.sql<{ event_id: string }>('select event_id from ticket_access where ticket_id = ? order by event_id', [ticketId]);
const issuedFor = (messages: PublishedMessage[], orderId: string) =>
  messages.filter((m) => m.issued?.order?.id === orderId);
const voidedFor = (messages: PublishedMessage[], orderId: string) =>
  messages.filter((m) => m.voided?.orderId === orderId);

/** Codes verified with the public key as stored, independently of the key store. */
async function verifyWithStoredKeys(organisationId: string, code: string) {
  const rows = await h.sql<{ id: string; public_key: string }>(
    'select id, public_key from signing_key where organisation_id = ?',
    [organisationId],
  );
  return verifyTicketCode(code, (keyId) => {
    const row = rows.find((candidate) => candidate.id === keyId);
    return row ? importRawPublicKey(row.public_key) : undefined;
  });
}

async function knownEvent(overrides: Parameters<typeof eventSnapshot>[1] = {}) {
  const event = eventSnapshot(ORG, overrides);
  await h.eventProcessed(await h.publishEvent(event));
  return event;
}

it("issues a paid order's tickets with verifiable codes and publishes TicketsIssued once, however often the news arrives", async () => {
  const event = await knownEvent();
  const order = orderSnapshot(ORG, [orderLine([event.id], { quantity: 2 })]);
  const before = await ticketMetrics();
  await h.orderProcessed(await h.publishOrder('reserved', order, 1));
  const reserved = await ticketsOf(order.id);
  expect(reserved.map((ticket) => [ticket.status, ticket.code])).toEqual([
    ['reserved', null],
    ['reserved', null],
  ]);
  expect(
    (await h.client.listOrderTickets({ orderId: order.id, locale: 'en', orderAccessKey: h.guestKey(order.id) }))
      .tickets,
  ).toEqual([]);

  const paid = withStatus(order, 'paid');
  const first = await h.publishOrder('paid', paid, 2);
  await h.orderProcessed(first);
  // The relay's re-publish after the duplicate window (a new message id), and JetStream's redelivery of the same id.
  await h.orderProcessed(await h.publishOrder('paid', paid, 2));
  await h.publishOrder('paid', paid, 2, { msgId: first });
  // A partial refund leaves the order paid: nothing changes, nothing is published.
  await h.orderProcessed(
    await h.publishOrder('refunded', { ...paid, money: { ...paid.money!, refundedMinor: 500 } }, 3, {
      refund: { amountMinor: 500 },
    }),
  );
  // Handled one after the other by one consumer: the first "paid" was counted before the later ones were handled.
  expect(await ticketMetrics()).toEqual({
    issued: before.issued + 2,
    voided: before.voided,
    ordersIssued: before.ordersIssued + 1,
  });

  const tickets = await ticketsOf(order.id);
  expect(tickets.map((ticket) => ticket.status)).toEqual(['created', 'created']);
  expect(tickets.map((ticket) => ticket.id)).toEqual(reserved.map((ticket) => ticket.id));
  for (const ticket of tickets) {
    expect(ticket.reference).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(await verifyWithStoredKeys(ORG, ticket.code!)).toMatchObject({
      ticketId: ticket.id,
      eventIds: [event.id],
      keyId: ticket.key_id,
    });
  }
  const messages = await h.waitForPublished((all) => issuedFor(all, order.id).length > 0);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(issuedFor(await h.published(), order.id)).toHaveLength(1);
  const issued = messages.find((m) => m.issued?.order?.id === order.id)!.issued!;
  expect(issued.order).toMatchObject({ id: order.id, status: 'paid', email: 'guest@example.com' });
  expect(
    issued.tickets.map((ticket) => [
      ticket.id,
      ticket.status,
      ticket.code,
      ticket.email,
      ticket.position,
      ticket.ofCount,
    ]),
  ).toEqual(tickets.map((ticket) => [ticket.id, 'created', ticket.code, 'guest@example.com', ticket.position, 2]));
  expect(issued.events).toEqual([
    expect.objectContaining({ id: event.id, name: 'Summer Concert', city: 'Utrecht', status: 'live' }),
  ]);
  const listed = await h.client.listOrderTickets({
    orderId: order.id,
    locale: 'en',
    orderAccessKey: h.guestKey(order.id),
  });
  expect(listed.tickets.map((ticket) => [ticket.id, ticket.email, ticket.code])).toEqual(
    tickets.map((ticket) => [ticket.id, '', ticket.code]),
  );
});

it('ignores an older snapshot of the order that arrives late', async () => {
  const event = await knownEvent();
  const order = orderSnapshot(ORG, [orderLine([event.id])]);
  await h.orderProcessed(await h.publishOrder('paid', withStatus(order, 'paid'), 3));
  await h.orderProcessed(await h.publishOrder('reserved', order, 1));
  await h.orderProcessed(await h.publishOrder('expired', withStatus(order, 'expired', 'expired'), 2));
  expect((await ticketsOf(order.id)).map((ticket) => ticket.status)).toEqual(['created']);
  expect(await h.sql('select version, status from order_state where order_id = ?', [order.id])).toEqual([
    { version: 3, status: 'paid' },
  ]);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(voidedFor(await h.published(), order.id)).toEqual([]);
});

it('cancels the tickets of an order refunded in full, revokes their codes and publishes TicketsVoided once', async () => {
  const event = await knownEvent();
  const order = orderSnapshot(ORG, [orderLine([event.id], { quantity: 2 })]);
  const paid = withStatus(order, 'paid');
  const before = await ticketMetrics();
  await h.orderProcessed(await h.publishOrder('paid', paid, 2));
  // ordering announces the successful refund first (the order still paid), then the cancellation it causes.
  await h.orderProcessed(
    await h.publishOrder('refunded', { ...paid, money: { ...paid.money!, refundedMinor: paid.money!.totalMinor } }, 3, {
      refund: { cancelsOrder: true },
    }),
  );
  expect((await ticketsOf(order.id)).map((ticket) => ticket.status)).toEqual(['created', 'created']);
  const canceled = withStatus(order, 'canceled', 'refunded');
  await h.orderProcessed(await h.publishOrder('canceled', canceled, 4, { refund: { cancelsOrder: true } }));
  await h.orderProcessed(await h.publishOrder('canceled', canceled, 4));
  expect(await ticketMetrics()).toEqual({
    issued: before.issued + 2,
    voided: before.voided + 2,
    ordersIssued: before.ordersIssued + 1,
  });

  const tickets = await ticketsOf(order.id);
  expect(tickets.map((ticket) => ticket.status)).toEqual(['canceled', 'canceled']);
  expect(tickets.every((ticket) => ticket.canceled_at !== null && ticket.code !== null)).toBe(true);
  const messages = await h.waitForPublished((all) => voidedFor(all, order.id).length > 0);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(voidedFor(await h.published(), order.id)).toHaveLength(1);
  expect(voidedFor(messages, order.id)[0]!.voided).toMatchObject({
    organisationId: ORG,
    reason: 'refunded',
    ticketIds: tickets.map((ticket) => ticket.id),
  });
  // Guests still see them, canceled and without a code.
  const listed = await h.client.listOrderTickets({
    orderId: order.id,
    locale: 'en',
    orderAccessKey: h.guestKey(order.id),
  });
  expect(listed.tickets.map((ticket) => [ticket.status, ticket.code])).toEqual([
    ['canceled', ''],
    ['canceled', ''],
  ]);
});

it('voids the held tickets of an order that expired, and issues them after all when a late payment re-reserved it', async () => {
  const event = await knownEvent();
  const order = orderSnapshot(ORG, [orderLine([event.id])]);
  const before = await ticketMetrics();
  await h.orderProcessed(await h.publishOrder('reserved', order, 1));
  await h.orderProcessed(await h.publishOrder('expired', withStatus(order, 'expired', 'expired'), 2));
  expect((await ticketsOf(order.id)).map((ticket) => [ticket.status, ticket.code])).toEqual([['canceled', null]]);
  const voided = await h.waitForPublished((all) => voidedFor(all, order.id).length > 0);
  expect(voidedFor(voided, order.id)[0]!.voided!.reason).toBe('expired');
  expect(
    (await h.client.listOrderTickets({ orderId: order.id, locale: 'en', orderAccessKey: h.guestKey(order.id) }))
      .tickets,
  ).toEqual([]);

  await h.orderProcessed(await h.publishOrder('paid', withStatus(order, 'paid'), 3));
  const [ticket] = await ticketsOf(order.id);
  expect(ticket).toMatchObject({ status: 'created', canceled_at: null });
  expect(await verifyWithStoredKeys(ORG, ticket!.code!)).toMatchObject({ ticketId: ticket!.id });
  await h.waitForPublished((all) => issuedFor(all, order.id).length === 1);
  // The held ticket never had a code: nothing was revoked. Issued late, it counts once.
  expect(
    await h.eventually(async () => {
      const now = await ticketMetrics();
      return now.issued > before.issued && now;
    }, 'the late ticket counted'),
  ).toEqual({ issued: before.issued + 1, voided: before.voided, ordersIssued: before.ordersIssued + 1 });
});

it("gives a multi-event item one ticket per admission with access to each event, named in the order's language", async () => {
  const saturday = await knownEvent({
    name: 'Saturday',
    translations: [{ locale: 'nl', name: 'Zaterdag', description: '' }],
  });
  const sunday = await knownEvent({ name: 'Sunday', translations: [] });
  const single = await knownEvent({ name: 'Workshop', translations: [] });
  // A free weekend pass for three (arrives paid at once) and a discounted single ticket: 1000 over 3 → 334, 333, 333.
  const order = orderSnapshot(
    ORG,
    [
      orderLine([saturday.id, sunday.id], { name: 'Weekend pass', quantity: 3, unitPriceMinor: 0 }),
      orderLine([single.id], { name: 'Workshop', quantity: 3, unitPriceMinor: 400, discountMinor: 200 }),
    ],
    { status: 'paid', locale: 'nl' },
  );
  await h.orderProcessed(await h.publishOrder('paid', order, 1));

  const tickets = await ticketsOf(order.id);
  expect(tickets.map((ticket) => [ticket.position, ticket.of_count, Number(ticket.price_minor)])).toEqual([
    [1, 6, 0],
    [2, 6, 0],
    [3, 6, 0],
    [4, 6, 334],
    [5, 6, 333],
    [6, 6, 333],
  ]);
  for (const ticket of tickets.slice(0, 3)) {
    expect((await accessOf(ticket.id)).map((row) => row.event_id).sort()).toEqual([saturday.id, sunday.id].sort());
    expect((await verifyWithStoredKeys(ORG, ticket.code!))!.eventIds).toEqual([saturday.id, sunday.id].sort());
  }
  expect((await accessOf(tickets[3]!.id)).map((row) => row.event_id)).toEqual([single.id]);

  const messages = await h.waitForPublished((all) => issuedFor(all, order.id).length > 0);
  const issued = issuedFor(messages, order.id)[0]!.issued!;
  expect(issued.tickets).toHaveLength(6);
  expect(Object.fromEntries(issued.events.map((event) => [event.id, event.name]))).toEqual({
    [saturday.id]: 'Zaterdag',
    [sunday.id]: 'Sunday',
    [single.id]: 'Workshop',
  });
  const ticket = await h.client.getTicket({
    ticketId: tickets[0]!.id,
    locale: 'en',
    accessKey: issued.tickets[0]!.accessKey,
  });
  expect(ticket.ticket!.events.map((event) => event.name).sort()).toEqual(['Saturday', 'Sunday']);
});

it("waits briefly for catalog's events before issuing, so the confirmation names them", async () => {
  const event = eventSnapshot(ORG, { name: 'Late Summer Jazz Night' });
  const order = orderSnapshot(ORG, [orderLine([event.id])], { status: 'paid' });
  const msgId = await h.publishOrder('paid', order, 1);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(await ticketsOf(order.id)).toEqual([]);
  await h.eventProcessed(await h.publishEvent(event));
  await h.orderProcessed(msgId);
  const messages = await h.waitForPublished((all) => issuedFor(all, order.id).length > 0);
  expect(issuedFor(messages, order.id)[0]!.issued!.events.map((e) => e.name)).toEqual(['Late Summer Jazz Night']);
});

it('keeps the newest version of each event and the last state of a removed one', async () => {
  const event = eventSnapshot(ORG, { name: 'First name', version: 2 });
  await h.eventProcessed(await h.publishEvent(event, 'updated'));
  await h.eventProcessed(await h.publishEvent({ ...event, name: 'Older name', version: 1 }, 'created'));
  expect(await h.sql('select name, version from event where id = ?', [event.id])).toEqual([
    { name: 'First name', version: 2 },
  ]);
  await h.eventProcessed(await h.publishEvent({ ...event, status: 'deleted', version: 3 }, 'deleted'));
  await h.eventProcessed(await h.publishEvent({ ...event, status: 'deleted', version: 4 }, 'removed'));
  await h.eventProcessed(await h.publishEvent({ ...event, name: 'Late', status: 'live', version: 3 }, 'updated'));
  expect(await h.sql('select name, status, version from event where id = ?', [event.id])).toEqual([
    { name: 'First name', status: 'deleted', version: 4 },
  ]);
});

it('makes one signing key per organisation even when replicas race for it, and keeps the private key sealed', async () => {
  const organisationId = newId('org');
  // Two stores over the same database, as two replicas would have.
  const key = Buffer.alloc(32, 1);
  const stores = [createTicketKeyStore(h.running.ctx.orm, key), createTicketKeyStore(h.running.ctx.orm, key)];
  const signers = await Promise.all([...stores, ...stores].map((store) => store.signerFor(organisationId)));
  expect(new Set(signers.map((signer) => signer.keyId)).size).toBe(1);
  const rows = await h.sql<{ id: string; sealed_private_key: string; public_key: string }>(
    'select id, sealed_private_key, public_key from signing_key where organisation_id = ?',
    [organisationId],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.sealed_private_key).not.toMatch(/pkcs8|BEGIN|MC4CAQAwBQYDK2Vw/);
  const code = signers[0]!.sign({ ticketId: newId('tkt'), eventIds: [newId('evt')], seed: 'AAECAwQFBgcI' });
  const [publicKey] = await stores[1]!.publicKeysOf(organisationId);
  expect(publicKey!.publicKey).toBe(rows[0]!.public_key);
  expect(verifyTicketCode(code, (keyId) => (keyId === publicKey!.keyId ? publicKey!.key : undefined))).not.toBeNull();
  // Another sealing key cannot open it.
  await expect(
    createTicketKeyStore(h.running.ctx.orm, Buffer.alloc(32, 2)).signerFor(organisationId),
  ).rejects.toThrow();
});
