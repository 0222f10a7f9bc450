/**
 * A code with a limited number of uses under a rush: many guests check out with it at once, and it discounts no more
 * tickets than its limit (the counter's row lock, and the limit read in the same statement that counts). The tickets
 * discounted are counted from the orders themselves (their discount_uses), not from the counter the guard keeps.
 *
 * Control: the same rush through ordering's unguarded reservation (the counter read without its lock, then added to
 * without its limit) discounts more tickets than the code allows, in at least one of up to five rushes.
 */
import { checkoutRequest, seedShop } from '../fixtures/orders';
import { startOrderingHarness } from '../fixtures/ordering-harness';

const MAX_USES = 5;
const GUESTS = 40;
const IN_FLIGHT = 16;

async function rush(unsafeReservation: boolean): Promise<{ discounted: number; accepted: number }> {
  const h = await startOrderingHarness('discountrace', { options: { unsafeReservation } });
  try {
    h.clock.now = null;
    // No capacity and no event limit: no quota row serialises the checkouts, only the code's own guard is in the way.
    const { shop, item, code } = await seedShop(h, {
      capacity: null,
      ticketLimit: null,
      code: { code: 'RUSH5', maxUses: MAX_USES },
    });
    let sent = 0;
    let accepted = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (sent < GUESTS) {
          const index = sent++;
          const request = checkoutRequest(shop.id, [{ itemId: item.id, quantity: 1 }], {
            email: `rush${index}@example.test`,
            discountCode: 'RUSH5',
          });
          await h.orders.checkout(request).then(
            () => (accepted += 1),
            () => undefined,
          );
        }
      }),
    );
    const [row] = await h.sql<{ discounted: string }>(
      "select coalesce(sum(discount_uses), 0) as discounted from orders where discount_code_id = ? and status in ('reserved', 'pending', 'paid')",
      [code!.id],
    );
    return { discounted: Number(row!.discounted), accepted };
  } finally {
    await h.stop();
  }
}

it(`discounts at most ${MAX_USES} tickets with a code of ${MAX_USES} uses when ${GUESTS} guests use it at once`, async () => {
  const { discounted, accepted } = await rush(false);
  expect(discounted).toBe(MAX_USES);
  expect(accepted).toBe(MAX_USES);
}, 120_000);

/** A race the control has to catch: a rush may happen to run its reads and writes one after another. */
const CONTROL_TRIES = 5;

it('CONTROL: the same rush with the counter read without its lock and added to without its limit discounts more', async () => {
  // Up to CONTROL_TRIES rushes on fresh shops until one discounts past the limit (as the load section's control
  // does): on a busy machine one rush can happen to serialise, which says nothing about the guard.
  const counts: number[] = [];
  for (let tries = 0; tries < CONTROL_TRIES && !counts.some((count) => count > MAX_USES); tries += 1)
    counts.push((await rush(true)).discounted);
  console.info(
    `discount race control: a code of ${MAX_USES} uses discounted ${counts.join(', ')} tickets without the guard`,
  );
  expect(Math.max(...counts)).toBeGreaterThan(MAX_USES);
}, 600_000);
