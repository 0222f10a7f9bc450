// The languages Kassa speaks (spec: "Locales: en and nl"): the screens, the public pages, the e-mails, the ticket
// documents, an organisation's default and an event's translations all take this one list.

export const LOCALES = ['en', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The spec's locale cookie lasts 365 days. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A locale from a language tag such as "nl-BE" or "EN_gb"; anything Kassa does not speak falls back to English. */
export function toLocale(value: string | undefined | null): Locale {
  const base = (value ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : DEFAULT_LOCALE;
}

/** The locale itself when it is one Kassa speaks ("nl"), otherwise English: for values Kassa wrote (a ?locale=, a cookie). */
export function localeOrDefault(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
