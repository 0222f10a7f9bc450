// What every ticket use case checks first: the request's ids and locale, before anything is asked or loaded.
import { messages, Violations } from '@kassa/platform/errors';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@kassa/contracts/locales';

export const TICKET_NOT_FOUND = 'Ticket not found';
export const ORDER_NOT_FOUND = 'Order not found';
export const EVENT_NOT_FOUND = 'Event not found';

/** Prefixed ids ('ID is invalid' per field) and the locale ('' means English); throws one ValidationError for all. */
export function checkRequest(ids: Record<string, { value: string; prefix: string }>, locale?: string): Locale {
  const violations = new Violations();
  for (const [field, { value, prefix }] of Object.entries(ids)) violations.id(field, value, prefix);
  const chosen = locale === undefined || locale === '' ? DEFAULT_LOCALE : locale;
  if (!isLocale(chosen)) violations.add('locale', messages.invalid('Locale'));
  violations.throwIfAny();
  return chosen as Locale;
}
