// What a cart costs (docs/ARCHITECTURE.md, Checkout and orders): subtotal − discount + donation + fee, never below zero.
import { type AppliedDiscount, type DiscountableLine, lineDiscounts } from './discount';

export interface PricedCartLine {
  itemId: string;
  quantity: number;
  unitPriceMinor: number;
  /** unit price × quantity. */
  subtotalMinor: number;
  discountMinor: number;
  /** subtotal − discount. */
  totalMinor: number;
  /** Tickets on this line that carry the platform fee. */
  paidTickets: number;
  /** Tickets on this line the discount code applies to (each one a use of the code). */
  discountedQuantity: number;
}

export interface CartPrice {
  /** In the order given. */
  lines: PricedCartLine[];
  subtotalMinor: number;
  discountMinor: number;
  donationMinor: number;
  feeMinor: number;
  totalMinor: number;
}

export interface PriceCartInput {
  lines: readonly DiscountableLine[];
  /** An applied code, or null. */
  discount: AppliedDiscount | null;
  /** Already validated, ≥ 0. */
  donationMinor: number;
  /** The platform fee per paid ticket (TICKET_FEE_MINOR). */
  feePerTicketMinor: number;
}

/**
 * Prices a cart. The fee is charged per paid ticket: a line whose total after discount is 0 carries none, and on
 * other lines every ticket does except those the code made free outright (a fixed discount of at least the price,
 * or 100 %) — so a partly used-up code never charges a fee on a free ticket.
 */
export function priceCart(input: PriceCartInput): CartPrice {
  const discounts = input.discount
    ? lineDiscounts(input.lines, input.discount)
    : input.lines.map(() => ({ discountedQuantity: 0, discountMinor: 0 }));
  const freeWhenDiscounted =
    input.discount !== null &&
    (input.discount.type === 'fixed'
      ? (unit: number) => input.discount!.value >= unit
      : () => input.discount!.value >= 100);
  const lines = input.lines.map((line, index): PricedCartLine => {
    const { discountedQuantity, discountMinor } = discounts[index]!;
    const subtotalMinor = line.unitPriceMinor * line.quantity;
    const totalMinor = subtotalMinor - discountMinor;
    const freeTickets =
      line.unitPriceMinor === 0
        ? line.quantity
        : freeWhenDiscounted && freeWhenDiscounted(line.unitPriceMinor)
          ? discountedQuantity
          : 0;
    const paidTickets = totalMinor > 0 ? line.quantity - freeTickets : 0;
    return {
      itemId: line.itemId,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      subtotalMinor,
      discountMinor,
      totalMinor,
      paidTickets,
      discountedQuantity,
    };
  });
  const subtotalMinor = lines.reduce((sum, line) => sum + line.subtotalMinor, 0);
  const discountMinor = lines.reduce((sum, line) => sum + line.discountMinor, 0);
  const feeMinor = input.feePerTicketMinor * lines.reduce((sum, line) => sum + line.paidTickets, 0);
  const totalMinor = Math.max(0, subtotalMinor - discountMinor + input.donationMinor + feeMinor);
  return { lines, subtotalMinor, discountMinor, donationMinor: input.donationMinor, feeMinor, totalMinor };
}
