/**
 * Open holds are capped per e-mail address and per client address for each event (domain/hold-limits.ts), so one
 * guest cannot hold a whole event unpaid. Through the real ordering service (gRPC, PostgreSQL), with small caps.
 */
import { type GrpcCallError, status } from '@kassa/platform/grpc';
import { type OrderingHarness, startOrderingHarness } from '../fixtures/ordering-harness';
import { checkoutRequest, seedShop } from '../fixtures/orders';

const PER_EMAIL = 4;
const PER_ADDRESS = 6;
const HOLD_LIMIT_MESSAGE =
  'You already hold as many tickets for this event as one guest may; pay for or cancel your open order first';

let h: OrderingHarness;

beforeAll(async () => {
  h = await startOrderingHarness('holdlimits', {
    env: {
      ORDERING_MAX_HELD_TICKETS_PER_EMAIL: String(PER_EMAIL),
      ORDERING_MAX_HELD_TICKETS_PER_ADDRESS: String(PER_ADDRESS),
    },
  });
}, 120_000);
afterAll(() => h?.stop());
afterEach(() => {
  h.clock.now = new Date();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: GrpcCallError) => ({ code: error.code, violations: error.violations }),
  );
const refused = { code: status.INVALID_ARGUMENT, violations: [{ field: 'lines', message: HOLD_LIMIT_MESSAGE }] };

describe('open holds per guest', () => {
  it('lets one e-mail address hold up to its cap for an event, then refuses, whatever the case of the address', async () => {
    const { shop, item } = await seedShop(h);
    const buy = (email: string, quantity: number) =>
      refusal(h.orders.checkout(checkoutRequest(shop.id, [{ itemId: item.id, quantity }], { email })));
    expect(await buy('holder@example.test', 3)).toBeNull();
    expect(await buy('Holder@Example.test', 1)).toBeNull();
    expect(await buy('holder@example.test', 1)).toEqual(refused);
    // Another guest is not affected, and the refusal held nothing.
    expect(await buy('someone-else@example.test', 4)).toBeNull();
    const held = await h.running.ctx.orm.em
      .fork()
      .getConnection()
      .execute<{ tickets: string }[]>(
        "select coalesce(sum(ticket_count), 0) as tickets from orders where shop_id = ? and lower(email) = 'holder@example.test'",
        [shop.id],
      );
    expect(Number(held[0]!.tickets)).toBe(PER_EMAIL);
  });

  it('lets one client address hold up to its larger cap over several e-mail addresses, then refuses', async () => {
    const { shop, item } = await seedShop(h);
    const buy = (email: string, clientAddress: string, quantity: number) =>
      refusal(h.orders.checkout(checkoutRequest(shop.id, [{ itemId: item.id, quantity }], { email, clientAddress })));
    expect(await buy('a@example.test', '203.0.113.7', 3)).toBeNull();
    expect(await buy('b@example.test', '203.0.113.7', 3)).toBeNull();
    expect(await buy('c@example.test', '203.0.113.7', 1)).toEqual(refused);
    expect(await buy('c@example.test', '2001:db8::7', 1)).toBeNull();
  });

  it('counts only open holds of the same event: another event, a hold that has ended and a paid order do not count', async () => {
    const first = await seedShop(h);
    const second = await seedShop(h);
    const buy = (seeded: typeof first, quantity: number) =>
      refusal(
        h.orders.checkout(
          checkoutRequest(seeded.shop.id, [{ itemId: seeded.item.id, quantity }], { email: 'counted@example.test' }),
        ),
      );
    expect(await buy(first, 4)).toBeNull();
    expect(await buy(second, 4)).toBeNull();
    expect(await buy(first, 1)).toEqual(refused);
    // Twenty minutes on: the holds have ended (the sweeper has not run yet), so they hold nothing any more.
    h.clock.now = new Date(Date.now() + 20 * 60_000);
    expect(await buy(first, 4)).toBeNull();
  });

  it('admits exactly up to the cap when one guest checks out many times at once', async () => {
    const { shop, item } = await seedShop(h);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        refusal(
          h.orders.checkout(
            checkoutRequest(shop.id, [{ itemId: item.id, quantity: 1 }], { email: 'rush@example.test' }),
          ),
        ),
      ),
    );
    expect(answers.filter((answer) => answer === null)).toHaveLength(PER_EMAIL);
    expect(answers.filter((answer) => answer !== null)).toEqual(Array.from({ length: 6 - PER_EMAIL }, () => refused));
  });

  it('never caps a free order: it is paid at once and holds nothing', async () => {
    const { shop, item } = await seedShop(h, { priceMinor: 0 });
    for (let round = 0; round < 3; round++) {
      expect(
        await refusal(
          h.orders.checkout(
            checkoutRequest(shop.id, [{ itemId: item.id, quantity: 2 }], { email: 'free@example.test' }),
          ),
        ),
      ).toBeNull();
    }
  });
});
