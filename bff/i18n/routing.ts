import { DEFAULT_LOCALE, LOCALE_COOKIE_MAX_AGE_SECONDS, LOCALES } from '@kassa/contracts/locales';
import { defineRouting } from 'next-intl/routing';

// English URLs carry no prefix (/sign-in); Dutch ones live under /nl (/nl/sign-in).
export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'as-needed',
  localeCookie: { maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS },
});

export type AppLocale = (typeof routing.locales)[number];
