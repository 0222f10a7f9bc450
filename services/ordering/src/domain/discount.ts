// Discount codes: which verdict a typed code gets, and what it takes off each cart line. Their syntax and how they
// compare are @kassa/contracts/discount-code's.
import { normaliseDiscountCode } from '@kassa/contracts/discount-code';

export type DiscountType = 'fixed' | 'percentage';

/** The verdicts PriceCart answers: "" when no code was typed. */
import type { DiscountStatus } from '@kassa/contracts/statuses';

export type { DiscountStatus };

export interface DiscountCodeRule {
  /** As the organiser wrote it. */
  code: string;
  type: DiscountType;
  /** fixed: minor units off each ticket; percentage: whole percent (1–100). */
  value: number;
  /** Works from this moment (inclusive); null = always. */
  validFrom: Date | null;
  /** Works until this moment (exclusive); null = always. */
  validUntil: Date | null;
  /** Tickets it may discount over all orders; null = unlimited. */
  maxUses: number | null;
  /** Tickets it has discounted so far (ordering's redemptions). */
  used: number;
  /** Items in scope; empty = every item of the shop. */
  itemIds: readonly string[];
}

/** null = unlimited; never below zero. */
export function usesLeft(code: Pick<DiscountCodeRule, 'maxUses' | 'used'>): number | null {
  return code.maxUses === null ? null : Math.max(0, code.maxUses - code.used);
}

export function inScope(code: Pick<DiscountCodeRule, 'itemIds'>, itemId: string): boolean {
  return code.itemIds.length === 0 || code.itemIds.includes(itemId);
}

/**
 * The verdict on a typed code, checked in this order: none typed (""), unknown, not yet valid, expired, used up,
 * no cart line in its scope, applied.
 */
export function discountVerdict(
  typed: string,
  code: DiscountCodeRule | null,
  cartItemIds: readonly string[],
  now: Date,
): DiscountStatus {
  if (normaliseDiscountCode(typed) === '') return '';
  if (!code) return 'unknown';
  if (code.validFrom && now.getTime() < code.validFrom.getTime()) return 'not_started';
  if (code.validUntil && now.getTime() >= code.validUntil.getTime()) return 'expired';
  if (usesLeft(code) === 0) return 'used_up';
  if (!cartItemIds.some((itemId) => inScope(code, itemId))) return 'not_applicable';
  return 'applied';
}

/** An applied code, as pricing needs it. */
export interface AppliedDiscount {
  type: DiscountType;
  value: number;
  itemIds: readonly string[];
  /** How many more tickets it may discount; null = unlimited. */
  usesLeft: number | null;
}

export interface DiscountableLine {
  itemId: string;
  quantity: number;
  unitPriceMinor: number;
}

export interface LineDiscount {
  /** How many of the line's tickets the code discounts (fewer than the quantity only when its uses run out). */
  discountedQuantity: number;
  /** What it takes off the line, 0 ≤ discount ≤ the line's subtotal. */
  discountMinor: number;
}

/** Half up, in integers: ⌊(amount × percent + 50) / 100⌋ for amount, percent ≥ 0. */
export function percentHalfUp(amountMinor: bigint, percent: bigint): bigint {
  return (amountMinor * percent + 50n) / 100n;
}

/**
 * What the code takes off each line, in the lines' order. fixed: value off each discounted ticket, capped at the
 * line's subtotal; percentage: percent of the discounted tickets' amount, rounded half up per line. When the code
 * has fewer uses left than in-scope tickets, the uses go to the dearest tickets first (ties by item id), so the
 * outcome does not depend on the order of the lines.
 */
export function lineDiscounts(lines: readonly DiscountableLine[], discount: AppliedDiscount): LineDiscount[] {
  const quantities = new Map<number, number>();
  let uses = discount.usesLeft ?? Infinity;
  const order = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => inScope(discount, line.itemId))
    .sort(
      (a, b) =>
        b.line.unitPriceMinor - a.line.unitPriceMinor ||
        (a.line.itemId < b.line.itemId ? -1 : a.line.itemId > b.line.itemId ? 1 : 0),
    );
  for (const { line, index } of order) {
    const take = Math.min(line.quantity, uses);
    quantities.set(index, take);
    uses -= take;
  }
  return lines.map((line, index) => {
    const discountedQuantity = quantities.get(index) ?? 0;
    const unit = BigInt(line.unitPriceMinor);
    const subtotal = unit * BigInt(line.quantity);
    const raw =
      discount.type === 'fixed'
        ? BigInt(discount.value) * BigInt(discountedQuantity)
        : percentHalfUp(unit * BigInt(discountedQuantity), BigInt(discount.value));
    const capped = raw < 0n ? 0n : raw > subtotal ? subtotal : raw;
    return { discountedQuantity, discountMinor: Number(capped) };
  });
}
