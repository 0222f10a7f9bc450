// The currencies Kassa sells in: an organisation's currency and a shop's are chosen from this one list, and every
// price is an integer number of the currency's minor units. A fixed list rather than the runtime's ICU data, so the
// browser, the BFF and the services give the same answer; common ones first (the order the forms offer them in).

export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'ISK',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
  'SGD',
  'HKD',
  'ZAR',
  'BRL',
  'MXN',
  'INR',
  'TRY',
] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'EUR';

/** The shape of any ISO 4217 code: what a stored amount's currency must look like (a database check uses the same). */
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;

/** True for a currency Kassa sells in, written in capitals ("EUR"). */
export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}
