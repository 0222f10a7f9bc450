import { normaliseDiscountCode } from '@kassa/contracts/discount-code';
import { verifyShopAccessToken } from '@kassa/platform/crypto';
import { messages, NotFoundError, PermissionDeniedError, ValidationError, Violations } from '@kassa/platform/errors';
import { newAccessKey, newId } from '@kassa/platform/ids';
import { afterCommit, transactionalWithEffects } from '@kassa/platform/persistence';
import { checkoutFunnel } from '@kassa/platform/metrics';
import type { CheckoutRequest, CheckoutResponse } from '@kassa/proto/ordering/v1/orders';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type CheckoutInput, checkoutFingerprint, parseCheckoutRequest } from '../domain/checkout-request';
import { type AppliedDiscount, discountVerdict, usesLeft } from '../domain/discount';
import { donationProblem } from '../domain/donation';
import { holdEndsAt } from '../domain/order-status';
import { orderingMessages } from '../domain/ordering-messages';
import { priceCart } from '../domain/pricing';
import { quotaDemands } from '../domain/quota-allocation';
import { orderChangedRow } from '../events/order-changed.publisher';
import { orderTransitions } from '../metrics';
import { OrderEntity, type OrderLineRow, type OrderRow } from '../persistence/order.entity';
import { insertPlacedOrder, loadLines, type NewOrder } from '../persistence/order.repository';
import { sellAllocations } from '../persistence/quota.repository';
import { findDiscountCode, type SellableItem } from '../persistence/sellable.repository';
import { attestPayableOrder } from './get-payable-order';
import { checkHoldCap } from './hold-cap';
import { type OrderingContext, scheduleExpiry } from './ordering-context';
import { toGuestOrder, toOrder } from './order-views';
import { loadOpenShop } from './sellable-shop';

export const DISCOUNT_CODE_INVALID = messages.invalid('Discount code');

/** Thrown inside the transaction when another checkout holds the same key: rolls back, then the earlier one answers. */
class SameKeyInFlight extends Error {}

/**
 * Places an order (docs/ARCHITECTURE.md: Quotas, Checkout and orders, Payments). Checks, in order: the request's shape
 * (every violation at once); an earlier checkout with the same key (answered again, or INVALID_ARGUMENT on
 * idempotencyKey for another cart); the shop (NOT_FOUND unless public and upcoming/open); its password
 * (PERMISSION_DENIED without a current access token); the lines against availability, the donation and the discount
 * code (every violation at once). Then ONE transaction: claim the idempotency key, reserve every quota the cart draws
 * on (quota.repository.ts: row locks in a stable order, conditional updates, the CHECK behind them), take the code's
 * uses under its lock, price, and insert the order, its lines, its buckets, its history and its event. A total of zero
 * is sold at once and published as paid.
 */
export async function checkout(ctx: OrderingContext, request: CheckoutRequest): Promise<CheckoutResponse> {
  const input = parseCheckoutRequest(request);
  const fingerprint = checkoutFingerprint(input);
  const em = ctx.orm.em.fork();
  const earlier = await earlierCheckout(ctx, em, input, fingerprint);
  if (earlier) return earlier;

  const now = ctx.now();
  const { shop, items } = await loadOpenShop(em, input.shopId, now);
  if (
    shop.passwordProtected &&
    !verifyShopAccessToken(ctx.shopAccessKey, shop.id, shop.passwordVersion, input.accessToken)
  ) {
    throw new PermissionDeniedError('This shop needs its password');
  }

  const violations = new Violations();
  const byId = new Map(items.map((entry) => [entry.item.id, entry]));
  input.lines.forEach((line, index) => {
    const entry = byId.get(line.itemId);
    if (!entry) {
      violations.add(`lines.${index}.itemId`, messages.idInvalid);
      return;
    }
    const { status, maxQuantity } = entry.availability;
    if (status !== 'available') violations.add(`lines.${index}.quantity`, orderingMessages.notOnSale(status));
    else if (line.quantity > maxQuantity)
      violations.add(`lines.${index}.quantity`, orderingMessages.maxValue(maxQuantity));
  });
  const donationMessage = donationProblem(shop.donation, input.donationMinor);
  if (donationMessage) violations.add('donationMinor', donationMessage);
  // parseCheckoutRequest let only a well-formed code through: anything else never reaches the lookup.
  const typed = normaliseDiscountCode(input.discountCode);
  const code = typed ? await findDiscountCode(em, shop.id, typed) : null;
  const itemIds = input.lines.map((line) => line.itemId);
  if (typed && discountVerdict(typed, code, itemIds, now) !== 'applied')
    violations.add('discountCode', DISCOUNT_CODE_INVALID);
  violations.throwIfAny();

  // The shop's display order, whatever order the guest's lines came in.
  const requestIndex = new Map(input.lines.map((line, index) => [line.itemId, index]));
  const chosen = items
    .filter(({ item }) => requestIndex.has(item.id))
    .map(({ item }) => ({ item, quantity: input.lines[requestIndex.get(item.id)!]!.quantity }));
  const quotaIdsOf = (item: SellableItem) => [item.ticketOptionId, ...item.eventIds];
  const demands = quotaDemands(chosen.map(({ item, quantity }) => ({ quotaIds: quotaIdsOf(item), quantity })));
  const orderId = newId('ord');
  const cartTickets = chosen.reduce((sum, { quantity }) => sum + quantity, 0);
  const cartEventIds = [...new Set(chosen.flatMap(({ item }) => item.eventIds))];
  // Whether the cart costs nothing before any discount: such an order is paid at once and never held. (A cart that a
  // discount makes free is held for the moment of its transaction only, and counted like any other: the cap errs
  // on the safe side.)
  const freeCart = chosen.every(({ item }) => item.priceMinor === 0) && input.donationMinor === 0;

  let placed: { order: { row: OrderRow; lines: OrderLineRow[] }; expiresAt: Date | null };
  try {
    placed = await transactionalWithEffects(em.fork(), async (tx) => {
      const claimed = await tx.execute<{ order_id: string }[]>(
        `insert into checkout_idempotency (shop_id, idempotency_key, request_hash, order_id, created_at) values (?, ?, ?, ?, ?)
         on conflict do nothing returning order_id`,
        [shop.id, input.idempotencyKey, fingerprint, orderId, now],
      );
      if (claimed.length === 0) throw new SameKeyInFlight();

      // The guest's cap on unpaid holds (hold-cap.ts). Free orders are paid at once: no hold.
      if (!freeCart) {
        await checkHoldCap(ctx, tx, {
          email: input.email,
          clientAddress: input.clientAddress,
          eventIds: cartEventIds,
          tickets: cartTickets,
          now,
        });
      }

      const taken = await ctx.reservation.take(tx, demands, 'reserved');
      if (!taken.ok) {
        const shortfall = new Violations();
        for (const { item } of chosen) {
          if (!quotaIdsOf(item).includes(taken.quotaId)) continue;
          const field = `lines.${requestIndex.get(item.id)!}.quantity`;
          shortfall.add(
            field,
            taken.left === 0 ? orderingMessages.notOnSale('sold out') : orderingMessages.maxValue(taken.left),
          );
        }
        shortfall.throwIfAny();
        throw new ValidationError([{ field: 'lines', message: orderingMessages.notOnSale('sold out') }]);
      }

      // The code's uses are counted under its row lock, after the quotas (the lock order of quota.repository.ts).
      let discount: AppliedDiscount | null = null;
      if (code) {
        const locked = { ...code, used: await ctx.reservation.readDiscountUses(tx, code.id) };
        if (discountVerdict(typed, locked, itemIds, now) !== 'applied')
          throw new ValidationError([{ field: 'discountCode', message: DISCOUNT_CODE_INVALID }]);
        discount = { type: locked.type, value: locked.value, itemIds: locked.itemIds, usesLeft: usesLeft(locked) };
      }
      const lines = chosen.map(({ item, quantity }) => ({
        itemId: item.id,
        quantity,
        unitPriceMinor: item.priceMinor,
      }));
      const price = priceCart({
        lines,
        discount,
        donationMinor: input.donationMinor,
        feePerTicketMinor: ctx.feePerTicketMinor,
      });
      const discountUses = price.lines.reduce((sum, line) => sum + line.discountedQuantity, 0);
      if (code && !(await ctx.reservation.addDiscountUses(tx, code.id, discountUses)))
        throw new ValidationError([{ field: 'discountCode', message: DISCOUNT_CODE_INVALID }]);

      const free = price.totalMinor === 0;
      const expiresAt = free ? null : holdEndsAt(now, shop.reservationMinutes, ctx.holdMinutes);
      const newOrder: NewOrder = {
        id: orderId,
        accessKey: newAccessKey(),
        organisationId: shop.organisationId,
        shopId: shop.id,
        status: free ? 'paid' : 'reserved',
        email: input.email,
        locale: input.locale,
        subscribe: input.subscribe,
        discountCodeId: code?.id ?? null,
        discountCode: code ? code.code : '',
        discountUses,
        currency: shop.currency,
        subtotalMinor: price.subtotalMinor,
        discountMinor: price.discountMinor,
        donationMinor: price.donationMinor,
        feeMinor: price.feeMinor,
        totalMinor: price.totalMinor,
        ticketCount: price.lines.reduce((sum, line) => sum + line.quantity, 0),
        expiresAt,
        paidAt: free ? now : null,
        createdAt: now,
        clientAddress: input.clientAddress,
      };
      const lineRows: OrderLineRow[] = chosen.map(({ item }, position) => {
        const priced = price.lines[position]!;
        return {
          orderId,
          position,
          itemId: item.id,
          ticketOptionId: item.ticketOptionId,
          eventIds: item.eventIds,
          name: item.name,
          quantity: priced.quantity,
          unitPriceMinor: priced.unitPriceMinor,
          subtotalMinor: priced.subtotalMinor,
          discountMinor: priced.discountMinor,
          totalMinor: priced.totalMinor,
          paidTickets: priced.paidTickets,
        };
      });
      // The order, its lines, buckets, first history entry and message in one statement. The row is the insert's
      // values and insertPlacedOrder's defaults: nothing else wrote it since, so it is not read back.
      const change = free ? 'paid' : 'reserved';
      const number = await insertPlacedOrder(tx, newOrder, {
        lines: lineRows,
        allocations: taken.allocations,
        history: {
          at: now,
          action: change,
          properties: free ? { totalMinor: 0 } : { expiresAt: expiresAt!.toISOString(), totalMinor: price.totalMinor },
        },
        message: (candidate) => {
          const row = placedRow(newOrder, candidate);
          return orderChangedRow(toOrder(row, lineRows), change, {
            version: row.version,
            actorUserId: null,
            occurredAt: now,
            guestAccessKey: row.accessKey,
          });
        },
      });
      // Free: what was just reserved is sold at once, in the same buckets.
      if (free) await sellAllocations(tx, orderId);
      const order = { row: placedRow(newOrder, number), lines: lineRows };
      // Counted once committed; a retry answered from checkout_idempotency never gets here. A free order is placed
      // and paid at once: both funnel stages, one transition (to paid).
      afterCommit(tx, () => {
        checkoutFunnel.count('reserved');
        if (free) checkoutFunnel.count('paid');
        orderTransitions.add(1, { to: free ? 'paid' : 'reserved' });
      });
      return { order, expiresAt };
    });
  } catch (error) {
    if (error instanceof SameKeyInFlight) {
      const answer = await earlierCheckout(ctx, ctx.orm.em.fork(), input, fingerprint);
      if (answer) return answer;
    }
    throw error;
  }
  if (placed.expiresAt) await scheduleExpiry(ctx, { id: orderId, expiresAt: placed.expiresAt });
  ctx.logger.info({ orderId, status: placed.order.row.status, tickets: placed.order.row.ticketCount }, 'order placed');
  return {
    order: toGuestOrder(placed.order.row, placed.order.lines, now),
    created: true,
    payableOrderAttestation: attestPayableOrder(ctx, placed.order.row),
  };
}

/** A new order's row as insertPlacedOrder wrote it. */
function placedRow(order: NewOrder, number: string): OrderRow {
  return {
    ...order,
    number,
    refundedMinor: 0,
    paidPaymentId: null,
    outcome: '',
    version: 1,
    updatedAt: order.createdAt,
  };
}

/** The answer to a retry: the order placed with this key, if there is one; another cart under the same key is refused. */
async function earlierCheckout(
  ctx: OrderingContext,
  em: EntityManager,
  input: CheckoutInput,
  fingerprint: string,
): Promise<CheckoutResponse | null> {
  const [earlier] = await em.execute<{ request_hash: string; order_id: string }[]>(
    'select request_hash, order_id from checkout_idempotency where shop_id = ? and idempotency_key = ?',
    [input.shopId, input.idempotencyKey],
  );
  if (!earlier) return null;
  if (earlier.request_hash !== fingerprint)
    throw new ValidationError([{ field: 'idempotencyKey', message: messages.invalid('Idempotency key') }]);
  const order = await em.findOne(OrderEntity, { id: earlier.order_id });
  if (!order) throw new NotFoundError('Order not found');
  const lines = (await loadLines(em, [order.id])).get(order.id) ?? [];
  return {
    order: toGuestOrder(order, lines, ctx.now()),
    created: false,
    payableOrderAttestation: attestPayableOrder(ctx, order),
  };
}
