/**
 * A double-click (or a retry racing the first try) sends the same checkout with the same idempotency key several
 * times at once: one order, and every answer names it. The orders are counted in the orders table by the guest's
 * e-mail address, not from the idempotency claims the guard keeps.
 *
 * Control: the same clicks against ordering with the claim's primary key dropped (the guard: `insert … on conflict do
 * nothing` then sees no conflict), as the oversell control drops the quota CHECK. It places more than one order.
 */
import { checkoutRequest, seedShop } from '../fixtures/orders';
import { startOrderingHarness } from '../fixtures/ordering-harness';

const CLICKS = 8;

async function doubleClick(withoutGuard: boolean): Promise<{ orders: number; answeredOrders: number }> {
  const h = await startOrderingHarness('doubleclick');
  try {
    h.clock.now = null;
    if (withoutGuard) await h.sql('alter table checkout_idempotency drop constraint checkout_idempotency_pkey');
    const { shop, item } = await seedShop(h, { capacity: 100 });
    const request = checkoutRequest(shop.id, [{ itemId: item.id, quantity: 1 }], {
      email: 'double-click@example.test',
    });
    const answers = await Promise.allSettled(Array.from({ length: CLICKS }, () => h.orders.checkout(request)));
    const answeredOrders = new Set(
      answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value.order!.id] : [])),
    ).size;
    const [row] = await h.sql<{ orders: number }>(
      "select count(*)::int as orders from orders where shop_id = ? and email = 'double-click@example.test'",
      [shop.id],
    );
    return { orders: row!.orders, answeredOrders };
  } finally {
    await h.stop();
  }
}

it(`places one order for ${CLICKS} simultaneous checkouts with the same key`, async () => {
  expect(await doubleClick(false)).toEqual({ orders: 1, answeredOrders: 1 });
}, 120_000);

it("CONTROL: without the idempotency claim's primary key the same clicks place several orders", async () => {
  const { orders } = await doubleClick(true);
  console.info(`double-click control: ${CLICKS} clicks placed ${orders} orders without the guard`);
  expect(orders).toBeGreaterThan(1);
}, 120_000);
