// `npm run verify`'s abuse section, its open-holds part: one guest tries to hold a whole event unpaid, from one e-mail
// address and from one client address with many e-mail addresses, eight checkouts in flight at once. The tickets they
// hold are counted from the orders table (open orders and their lines), not from the guard's own answer.
//
// Control: the same hoarding against ordering with the caps lifted holds far more than the caps, so the main figures
// are shown able to go wrong. ordering runs in-process over gRPC on a database of its own
// (`@kassa/ordering/testing`, ordering's own harness).
import {
  checkoutRequest,
  DEFAULT_HOLD_LIMITS,
  type OrderingHarness,
  seedShop,
  startOrderingHarness,
} from '@kassa/ordering/testing';
import { mustBeZero, mustEqual, recordFigures } from '../figures';

const SECTION = 'abuse';
const ATTEMPTS = 100;
const IN_FLIGHT = 8;
const HOARDER_EMAIL = 'hoarder@example.test';
const HOARDER_ADDRESS = '198.51.100.23';

interface Hoarded {
  byEmail: number;
  byAddress: number;
}

/** Tickets in open (reserved or pending, hold not ended) orders of the e-mail and of the address. */
async function heldBy(h: OrderingHarness, shopId: string): Promise<Hoarded> {
  const [row] = await h.sql<{ by_email: string; by_address: string }>(
    `select coalesce(sum(l.quantity) filter (where lower(o.email) = ?), 0) as by_email,
            coalesce(sum(l.quantity) filter (where o.client_address = ?), 0) as by_address
       from orders o join order_line l on l.order_id = o.id
      where o.shop_id = ? and o.status in ('reserved', 'pending') and (o.expires_at is null or o.expires_at > now())`,
    [HOARDER_EMAIL, HOARDER_ADDRESS, shopId],
  );
  return { byEmail: Number(row?.by_email ?? 0), byAddress: Number(row?.by_address ?? 0) };
}

/** The hoarding: ATTEMPTS checkouts of 2 tickets, the first half as one e-mail address, the second from one client address. */
async function hoard(caps: { perEmail: number; perAddress: number }): Promise<Hoarded> {
  const h = await startOrderingHarness('holdsverify', {
    env: {
      ORDERING_MAX_HELD_TICKETS_PER_EMAIL: String(caps.perEmail),
      ORDERING_MAX_HELD_TICKETS_PER_ADDRESS: String(caps.perAddress),
    },
  });
  try {
    h.clock.now = null;
    const { shop, item } = await seedShop(h, { capacity: ATTEMPTS * 4, ticketLimit: ATTEMPTS * 4 });
    let sent = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (sent < ATTEMPTS) {
          const index = sent++;
          const asOneEmail = index < ATTEMPTS / 2;
          const request = checkoutRequest(
            shop.id,
            [{ itemId: item.id, quantity: 2 }],
            asOneEmail
              ? { email: HOARDER_EMAIL }
              : { email: `hoarder${index}@example.test`, clientAddress: HOARDER_ADDRESS },
          );
          await h.orders.checkout(request).catch(() => undefined);
        }
      }),
    );
    return await heldBy(h, shop.id);
  } finally {
    await h.stop();
  }
}

it('lets one e-mail address and one client address hold no more than their caps, eight checkouts at once; without the caps they hold far more', async () => {
  const guarded = await hoard(DEFAULT_HOLD_LIMITS);
  const control = await hoard({ perEmail: 1_000_000, perAddress: 1_000_000 });
  const { perEmail, perAddress } = DEFAULT_HOLD_LIMITS;
  const how = `${ATTEMPTS} checkouts of 2 tickets, ${IN_FLIGHT} in flight; open orders' lines counted`;
  recordFigures(SECTION, [
    mustBeZero(
      SECTION,
      `holds: tickets one e-mail address held past its cap (${perEmail})`,
      Math.max(0, guarded.byEmail - perEmail),
      `${guarded.byEmail} held; ${how}`,
    ),
    mustBeZero(
      SECTION,
      `holds: tickets one client address held past its cap (${perAddress})`,
      Math.max(0, guarded.byAddress - perAddress),
      `${guarded.byAddress} held; ${how}`,
    ),
    mustEqual(
      SECTION,
      'holds: the same hoarding without the caps held past both (control)',
      control.byEmail > perEmail && control.byAddress > perAddress ? 1 : 0,
      1,
      `${control.byEmail} by the e-mail, ${control.byAddress} by the address`,
    ),
  ]);
  expect(guarded).toEqual({ byEmail: perEmail, byAddress: perAddress });
  expect(control.byEmail).toBeGreaterThan(perEmail);
  expect(control.byAddress).toBeGreaterThan(perAddress);
}, 300_000);
