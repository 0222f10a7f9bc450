/**
 * The machine's event bus (started by scripts/lib/nats/ensure-nats.ts with the users of bus-accounts.ts) refuses what
 * a compromised pod would try. Runs against the real NATS on 127.0.0.1:4222; nothing here reaches a running platform's
 * streams (refused publishes never arrive, the probes use a throw-away namespace).
 */
import { NATS_ADMIN_USER } from '@kassa/platform/messaging';
import { assertInfrastructure } from '@kassa/platform/testing';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  anonymousAccepted,
  connectAs,
  probeForgery,
  probeForgeryWithoutGuard,
  publishOutcome,
  subscribeOutcome,
} from '../../bus-probe';

jest.setTimeout(120_000);

const connections: NatsConnection[] = [];
const as = async (user: string) => {
  const nc = await connectAs(user);
  connections.push(nc);
  return nc;
};

beforeAll(() => assertInfrastructure());
afterAll(async () => {
  await Promise.all(connections.map((nc) => nc.close()));
});

describe('the event bus', () => {
  it('refuses a connection without credentials', async () => {
    expect(await anonymousAccepted()).toBe(false);
  });

  it("refuses a service's credentials on another service's subject: ticketing cannot say an order was paid", async () => {
    const ticketing = await as('ticketing');
    expect(await publishOutcome(ticketing, 'kassa.ordering.order.paid')).toBe('refused');
    expect(await publishOutcome(ticketing, 'kassa.payments.payment.succeeded')).toBe('refused');
    const catalog = await as('catalog');
    expect(await publishOutcome(catalog, 'kassa.ordering.refund.requested')).toBe('refused');
    expect(await publishOutcome(catalog, 'kassa.ticketing.tickets.issued')).toBe('refused');
  });

  it('lets a service read only what it consumes: no subscription to others, no consumer on a stream it does not read', async () => {
    const catalog = await as('catalog');
    expect(await subscribeOutcome(catalog, 'kassa.ticketing.>')).toBe('refused');
    expect(await subscribeOutcome(catalog, '_INBOX.>')).toBe('refused');
    // Creating a consumer is a publish to the JetStream API whose subject names the stream, the consumer and its filter.
    expect(
      await publishOutcome(catalog, '$JS.API.CONSUMER.CREATE.KASSA_TICKETING.spy.kassa.ticketing.tickets.issued'),
    ).toBe('refused');
    expect(await publishOutcome(catalog, '$JS.API.CONSUMER.DURABLE.CREATE.KASSA_TICKETING.spy')).toBe('refused');
    const payments = await as('payments');
    // payments reads ordering's expired and canceled orders, not the paid ones (which carry buyers' e-mail addresses).
    expect(
      await publishOutcome(
        payments,
        '$JS.API.CONSUMER.CREATE.KASSA_ORDERING.payments-order-ended.kassa.ordering.order.paid',
      ),
    ).toBe('refused');
    expect(await publishOutcome(payments, '$JS.API.STREAM.UPDATE.KASSA_ORDERING')).toBe('refused');
    expect(await publishOutcome(payments, '$JS.API.STREAM.DELETE.KASSA_PAYMENTS')).toBe('refused');
  });

  it('refuses every forged subject of every service, and the same probe without the guard lets them all through', async () => {
    const guarded = await probeForgery();
    expect(guarded.leaks).toEqual([]);
    expect(guarded.attempts).toBe(48);
    // The probe tells allowed from refused: each service's own subject goes through.
    expect(guarded.ownAllowed).toBe(guarded.ownAttempts);

    const control = await probeForgeryWithoutGuard();
    expect(control.accepted).toBe(control.attempts);
  });

  it(`keeps ${NATS_ADMIN_USER} for operators and tests: it may do anything`, async () => {
    const admin = await as(NATS_ADMIN_USER);
    expect(await subscribeOutcome(admin, 'kassa.>')).toBe('allowed');
  });
});
