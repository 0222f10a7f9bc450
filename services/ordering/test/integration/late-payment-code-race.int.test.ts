/**
 * A late payment re-reserving with a discount code, racing a new guest for the code's last use. The late order's
 * hold ran out (its use of the code went back), then its payment arrives as another guest checks out with the same
 * code of one use: at most one of them gets the code. The late order ends paid (re-reserved) or refunded, never paid
 * past the code's limit. Counted from the orders themselves (their discount_uses), not from the counter the guard keeps.
 *
 * Control: the same rounds through ordering's unguarded reservation (the counter read without its lock, the late
 * payment's uses added without the limit) discount more tickets than the codes allow.
 */
import { PaymentChanged } from '@kassa/proto/payments/events/v1/events';
import type { GuestOrder } from '@kassa/proto/ordering/v1/orders';
import { type OrderingHarness, startOrderingHarness } from '../fixtures/ordering-harness';
import { checkoutRequest, payment, paymentChanged, seedShop } from '../fixtures/orders';

const ROUNDS = 16;
const MINUTE = 60_000;

interface Round {
  /** Tickets discounted by the round's code among orders that hold or bought tickets. */
  discounted: number;
  late: Pick<GuestOrder, 'status' | 'outcome'>;
}

async function playRound(h: OrderingHarness, index: number): Promise<Round> {
  const seeded = await seedShop(h, { capacity: null, ticketLimit: null, code: { code: `LAST${index}`, maxUses: 1 } });
  const line = [{ itemId: seeded.item.id, quantity: 1 }];
  const late = (
    await h.orders.checkout(
      checkoutRequest(seeded.shop.id, line, { email: `late${index}@example.test`, discountCode: `LAST${index}` }),
    )
  ).order!;
  const attempt = payment({ id: late.id, amountMinor: late.money!.totalMinor });
  await h.deliverPayment('kassa.payments.payment.pending', PaymentChanged, paymentChanged(attempt, 'pending'));
  // The hold runs out: the order expires and its use of the code goes back.
  h.clock.now = new Date(h.clock.now!.getTime() + 16 * MINUTE);
  await h.running.sweeper.runOnce();

  // The payment arrives as another guest takes the code: both in flight together, the payment sent up to 24 ms after
  // the checkout (round by round), so that either may reach the code's counter first.
  const rival = checkoutRequest(seeded.shop.id, line, {
    email: `rival${index}@example.test`,
    discountCode: `LAST${index}`,
  });
  const paymentDelayMs = (index % 4) * 8;
  await Promise.all([
    new Promise((resolve) => setTimeout(resolve, paymentDelayMs)).then(() =>
      h.deliverPayment('kassa.payments.payment.succeeded', PaymentChanged, paymentChanged(attempt, 'succeeded')),
    ),
    h.orders.checkout(rival).catch(() => undefined),
  ]);
  const [row] = await h.sql<{ discounted: string }>(
    "select coalesce(sum(discount_uses), 0) as discounted from orders where discount_code_id = ? and status in ('reserved', 'pending', 'paid')",
    [seeded.code!.id],
  );
  const after = (await h.orders.getGuestOrder({ orderId: late.id, accessKey: late.accessKey })).order!;
  return { discounted: Number(row!.discounted), late: { status: after.status, outcome: after.outcome } };
}

async function play(unsafeReservation: boolean): Promise<Round[]> {
  const h = await startOrderingHarness('latecode', { options: { unsafeReservation } });
  try {
    await h.createPaymentsStream();
    await h.running.payments.started;
    h.clock.now = new Date();
    const rounds: Round[] = [];
    for (let index = 0; index < ROUNDS; index++) rounds.push(await playRound(h, index));
    return rounds;
  } finally {
    await h.stop();
  }
}

it(`${ROUNDS} times, a late payment and a new guest racing for a code's last use: the code discounts one ticket, the late order is paid or refunded`, async () => {
  const rounds = await play(false);
  expect(rounds.filter((round) => round.discounted > 1)).toEqual([]);
  // A successful payment ends as paid with tickets or refunded.
  for (const { late } of rounds)
    expect(['paid/', 'expired/late_payment_refunded']).toContain(`${late.status}/${late.outcome}`);
  const reReserved = rounds.filter((round) => round.late.status === 'paid').length;
  console.info(
    `late payment with a code: ${ROUNDS} rounds, the late order re-reserved in ${reReserved}, refunded in ${ROUNDS - reReserved}`,
  );
}, 180_000);

it('CONTROL: the same rounds with the code counter unguarded discount more tickets than the codes allow', async () => {
  const rounds = await play(true);
  const over = rounds.filter((round) => round.discounted > 1).length;
  console.info(
    `late payment with a code, control: ${over} of ${ROUNDS} codes of one use discounted two tickets without the guard`,
  );
  expect(over).toBeGreaterThan(0);
}, 180_000);
