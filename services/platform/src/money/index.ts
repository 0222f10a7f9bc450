import { CURRENCY_CODE_PATTERN } from '@kassa/contracts/currencies';

/** An amount in integer minor units (cents) with its ISO 4217 currency. */
export interface Money {
  amountMinor: number;
  currency: string;
}

function assertInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new Error(`${what} must be a whole number, got ${value}`);
}

function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new Error(`Currency mismatch: ${a.currency} and ${b.currency}`);
}

export function money(amountMinor: number, currency: string): Money {
  assertInteger(amountMinor, 'amountMinor');
  if (!CURRENCY_CODE_PATTERN.test(currency)) throw new Error(`Currency must be an ISO 4217 code, got "${currency}"`);
  return { amountMinor, currency };
}

export function add(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amountMinor + b.amountMinor, a.currency);
}

/** a − b, floored at zero (a discount larger than the price makes it free) unless `allowNegative`. */
export function subtract(a: Money, b: Money, options: { allowNegative?: boolean } = {}): Money {
  assertSameCurrency(a, b);
  const amount = a.amountMinor - b.amountMinor;
  return money(options.allowNegative ? amount : Math.max(0, amount), a.currency);
}

export function multiply(m: Money, quantity: number): Money {
  assertInteger(quantity, 'quantity');
  return money(m.amountMinor * quantity, m.currency);
}

/** basisPoints / 10 000 of m, rounded half up (away from zero for negative amounts). */
export function percentOf(m: Money, basisPoints: number): Money {
  assertInteger(basisPoints, 'basisPoints');
  // Integer arithmetic: no float error. Half up on the magnitude.
  const product = Math.abs(m.amountMinor * basisPoints);
  const rounded = Math.floor((product + 5_000) / 10_000);
  const sign = Math.sign(m.amountMinor) * Math.sign(basisPoints);
  return money(sign < 0 ? -rounded : rounded, m.currency);
}

export function sum(items: Money[], currency: string): Money {
  return items.reduce((total, item) => add(total, item), money(0, currency));
}

const fractionDigits = (currency: string): number =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

export function formatMoney(m: Money, locale: string): string {
  const digits = fractionDigits(m.currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency: m.currency }).format(
    m.amountMinor / 10 ** digits,
  );
}
