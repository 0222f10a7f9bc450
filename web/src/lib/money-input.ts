// Amounts as people type and read them, and as the API carries them: integer minor units, never floats.

/** How many minor-unit digits a currency has (EUR 2, JPY 0). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * What someone typed as an amount ("12,50", "12.50", "12", "€ 12,50") in minor units (1250), or undefined when it is
 * not an amount: more decimals than the currency has, two separators, a sign, letters. Pure string arithmetic.
 */
export function parseMoneyInput(text: string, digits = 2): number | undefined {
  const cleaned = text
    .trim()
    .replace(/^[€$£]\s*/, '')
    .replace(/\s+/g, '');
  const match = /^(\d{1,12})(?:[.,](\d*))?$/.exec(cleaned);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return undefined;
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** Minor units as an input's value in the person's locale: 1250 → "12,50" (nl) or "12.50" (en); 1200 → "12,00". */
export function minorToInput(minor: number, digits = 2, locale = 'en'): string {
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(minor);
  const scale = 10 ** digits;
  const whole = Math.floor(absolute / scale);
  if (digits === 0) return `${sign}${whole}`;
  const separator = locale.startsWith('nl') ? ',' : '.';
  return `${sign}${whole}${separator}${String(absolute % scale).padStart(digits, '0')}`;
}

/** Minor units as money for reading: 500 EUR → "€ 5,00" (nl), "€5.00" (en). */
export function formatMinor(minor: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  // The division is for display only; every stored or sent amount stays an integer.
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}

/** A discount's value for reading: "10 %" for a percentage, the amount in the shop's currency for a fixed one. */
export function formatDiscountValue(
  discount: { type: string; value: number },
  currency: string,
  locale: string,
): string {
  if (discount.type === 'percentage') return `${new Intl.NumberFormat(locale).format(discount.value)}\u00a0%`;
  return formatMinor(discount.value, currency, locale);
}

/** Several amounts typed in one field, separated by spaces or semicolons ("2,50 5 10"), or undefined when one is not an amount. */
export function parseMoneyList(text: string, digits = 2): number[] | undefined {
  const parts = text.split(/[\s;]+/).filter(Boolean);
  const amounts = parts.map((part) => parseMoneyInput(part, digits));
  return amounts.every((amount): amount is number => amount !== undefined) ? amounts : undefined;
}
