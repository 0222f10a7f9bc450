import { defineRouting } from 'next-intl/routing';

export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

// English URLs carry no prefix (/sign-in); Dutch ones live under /nl (/nl/sign-in).
export const routing = defineRouting({
  locales: ['en', 'nl'],
  defaultLocale: 'en',
  localePrefix: 'as-needed',
  localeCookie: { maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS },
});

export type AppLocale = (typeof routing.locales)[number];
