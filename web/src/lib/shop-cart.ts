// A guest's cart on the public shop page: pure state, the reducer that changes it, and how it survives a reload
// (localStorage, one entry per shop), checked against what the shop sells now whenever it is loaded.
import { isDiscountCode } from '@kassa/contracts/discount-code';
import type { DonationView } from './shop-model';

export interface CartState {
  /** Item id → how many; only quantities of at least 1 are kept. */
  quantities: Record<string, number>;
  /** Minor units; 0 = none. */
  donationMinor: number;
  /** The code the guest applied ('' = none), as typed. */
  discountCode: string;
}

export const EMPTY_CART: CartState = { quantities: {}, donationMinor: 0, discountCode: '' };

export type CartAction =
  | { type: 'setQuantity'; itemId: string; quantity: number; max: number }
  | { type: 'setDonation'; amountMinor: number }
  | { type: 'applyCode'; code: string }
  | { type: 'removeCode' }
  | { type: 'clear' }
  | { type: 'replace'; state: CartState };

/** Whole numbers within [min, max]; anything that is not a number counts as min. */
export function clampQuantity(value: number, max: number, min = 0): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(Math.max(Math.trunc(value), min), Math.max(min, Math.trunc(max)));
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'setQuantity': {
      const quantity = clampQuantity(action.quantity, action.max);
      const quantities = { ...state.quantities };
      if (quantity > 0) quantities[action.itemId] = quantity;
      else delete quantities[action.itemId];
      return { ...state, quantities };
    }
    case 'setDonation':
      return {
        ...state,
        donationMinor: Number.isSafeInteger(action.amountMinor) && action.amountMinor > 0 ? action.amountMinor : 0,
      };
    case 'applyCode':
      return { ...state, discountCode: action.code.trim() };
    case 'removeCode':
      return { ...state, discountCode: '' };
    case 'clear':
      return EMPTY_CART;
    case 'replace':
      return action.state;
  }
}

/** How many tickets the cart holds over all lines. */
export function ticketCount(state: CartState): number {
  return Object.values(state.quantities).reduce((sum, quantity) => sum + quantity, 0);
}

/** The lines in the shop's display order, for the price endpoint. */
export function cartLines(state: CartState, itemOrder: readonly string[]): { itemId: string; quantity: number }[] {
  return itemOrder
    .filter((id) => (state.quantities[id] ?? 0) > 0)
    .map((itemId) => ({ itemId, quantity: state.quantities[itemId]! }));
}

/** What the shop sells now, as the cart is checked against it. */
export interface CartLimits {
  /** Item id → the most one order may take now (0 when it cannot be bought). */
  maxQuantities: Record<string, number>;
  donation: DonationView;
}

/**
 * The cart as it may stand now: items the shop no longer sells are dropped, quantities are brought within what one
 * order may take (a line that can take none is dropped), a donation the shop no longer allows is removed, and a code
 * that cannot be one (the shared syntax) is forgotten.
 */
export function reconcileCart(state: CartState, limits: CartLimits): CartState {
  const quantities: Record<string, number> = {};
  for (const [itemId, quantity] of Object.entries(state.quantities)) {
    const max = limits.maxQuantities[itemId];
    if (max === undefined) continue;
    const clamped = clampQuantity(quantity, max);
    if (clamped > 0) quantities[itemId] = clamped;
  }
  return {
    quantities,
    donationMinor: allowedDonation(state.donationMinor, limits.donation),
    discountCode: isDiscountCode(state.discountCode) ? state.discountCode : '',
  };
}

function allowedDonation(amountMinor: number, donation: DonationView): number {
  if (!donation.enabled || !Number.isSafeInteger(amountMinor) || amountMinor <= 0) return 0;
  if (donation.allowCustomAmount || donation.suggestedAmountsMinor.includes(amountMinor)) return amountMinor;
  return 0;
}

/** One localStorage entry per shop. */
export function cartStorageKey(shopId: string): string {
  return `kassa:cart:${shopId}`;
}

const STORAGE_VERSION = 1;

export function serializeCart(state: CartState): string {
  return JSON.stringify({ version: STORAGE_VERSION, ...state });
}

/** A stored cart, or the empty one when the entry is missing, unreadable or from another version. Never throws. */
export function parseStoredCart(text: string | null): CartState {
  if (!text) return EMPTY_CART;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return EMPTY_CART;
  }
  if (typeof raw !== 'object' || raw === null || (raw as { version?: unknown }).version !== STORAGE_VERSION)
    return EMPTY_CART;
  const stored = raw as { quantities?: unknown; donationMinor?: unknown; discountCode?: unknown };
  const quantities: Record<string, number> = {};
  if (typeof stored.quantities === 'object' && stored.quantities !== null && !Array.isArray(stored.quantities)) {
    for (const [itemId, quantity] of Object.entries(stored.quantities)) {
      if (typeof quantity === 'number' && Number.isSafeInteger(quantity) && quantity > 0) quantities[itemId] = quantity;
    }
  }
  return {
    quantities,
    donationMinor:
      typeof stored.donationMinor === 'number' && Number.isSafeInteger(stored.donationMinor) && stored.donationMinor > 0
        ? stored.donationMinor
        : 0,
    discountCode: typeof stored.discountCode === 'string' ? stored.discountCode : '',
  };
}
