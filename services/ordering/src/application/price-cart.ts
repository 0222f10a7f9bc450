import { isDiscountCode, normaliseDiscountCode } from '@kassa/contracts/discount-code';
import { messages, NotFoundError, Violations } from '@kassa/platform/errors';
import type { PriceCartRequest, PriceCartResponse } from '@kassa/proto/ordering/v1/ordering';
import { type AppliedDiscount, type DiscountCodeRule, discountVerdict, usesLeft } from '../domain/discount';
import { donationProblem } from '../domain/donation';
import { orderingMessages } from '../domain/ordering-messages';
import { priceCart as price } from '../domain/pricing';
import { findDiscountCode } from '../persistence/sellable.repository';
import type { OrderingContext } from './ordering-context';
import { loadOpenShop } from './sellable-shop';

/**
 * Prices a cart without reserving anything (read-only; three queries at most). Violations, all at once:
 * `lines` without lines → 'Checkout needs at least one item'; `lines.N.itemId` malformed, unknown or of another
 * shop → 'ID is invalid' (one answer for all three, so ids reveal nothing), or on the same item twice →
 * orderingMessages.duplicateLine; `lines.N.quantity` below 1 → 'Minimum value is 1', above what one order may take
 * now → 'Maximum value is N', of an item not available → why (sold out, not on sale yet, no longer on sale);
 * `donationMinor` per domain/donation.ts. A discount code never fails the call: its verdict is in the answer.
 */
export async function priceCart(ctx: OrderingContext, request: PriceCartRequest): Promise<PriceCartResponse> {
  const violations = new Violations();
  const shopId = violations.id('shopId', request.shopId, 'shp');
  violations.throwIfAny();
  if (request.lines.length === 0) violations.add('lines', messages.checkoutNeedsItem);
  const seen = new Set<string>();
  request.lines.forEach((line, index) => {
    const itemId = violations.id(`lines.${index}.itemId`, line.itemId, 'itm');
    if (itemId && seen.has(itemId)) violations.add(`lines.${index}.itemId`, orderingMessages.duplicateLine);
    seen.add(itemId);
    if (!Number.isInteger(line.quantity) || line.quantity < 1)
      violations.add(`lines.${index}.quantity`, messages.minValue(1));
  });

  const now = ctx.now();
  const em = ctx.orm.em.fork();
  let open;
  try {
    open = await loadOpenShop(em, shopId, now);
  } catch (error) {
    // The cart's own mistakes come first; an unknown or closed shop is NOT_FOUND after them.
    if (error instanceof NotFoundError) violations.throwIfAny();
    throw error;
  }
  const { shop, items } = open;
  const byId = new Map(items.map((entry) => [entry.item.id, entry]));
  request.lines.forEach((line, index) => {
    if (violations.all.some((v) => v.field.startsWith(`lines.${index}.`))) return;
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
  const donationMinor = Number(request.donationMinor);
  const donationMessage = donationProblem(shop.donation, donationMinor);
  if (donationMessage) violations.add('donationMinor', donationMessage);
  violations.throwIfAny();

  // The shop's display order, whatever order the guest's lines came in.
  const quantities = new Map(request.lines.map((line) => [line.itemId, line.quantity]));
  const lines = items
    .filter(({ item }) => quantities.has(item.id))
    .map(({ item }) => ({ itemId: item.id, quantity: quantities.get(item.id)!, unitPriceMinor: item.priceMinor }));

  const typed = normaliseDiscountCode(request.discountCode);
  // What cannot be a code is not looked up: it is "unknown", like a code the shop does not have.
  const code: DiscountCodeRule | null = isDiscountCode(typed) ? await findDiscountCode(em, shopId, typed) : null;
  const discountStatus = discountVerdict(
    typed,
    code,
    lines.map((line) => line.itemId),
    now,
  );
  const discount: AppliedDiscount | null =
    discountStatus === 'applied' && code
      ? { type: code.type, value: code.value, itemIds: code.itemIds, usesLeft: usesLeft(code) }
      : null;

  const priced = price({ lines, discount, donationMinor, feePerTicketMinor: ctx.feePerTicketMinor });
  return {
    currency: shop.currency,
    lines: priced.lines.map(({ itemId, quantity, unitPriceMinor, subtotalMinor, discountMinor, totalMinor }) => ({
      itemId,
      quantity,
      unitPriceMinor,
      subtotalMinor,
      discountMinor,
      totalMinor,
    })),
    subtotalMinor: priced.subtotalMinor,
    discountMinor: priced.discountMinor,
    donationMinor: priced.donationMinor,
    feeMinor: priced.feeMinor,
    totalMinor: priced.totalMinor,
    discountStatus,
    discountCode: discountStatus === 'applied' && code ? code.code : '',
  };
}
