// The proxy's decisions as a pure function: page validity → sign-in check → redirect rules → (next-intl).
import { isValidPage, type PageRule } from './page-validity';
import type { RedirectRule } from './redirect-rules';

export interface LocaleSettings {
  locales: readonly string[];
  defaultLocale: string;
}

export type GuardDecision =
  | { action: 'continue' }
  | { action: 'not-found' }
  | { action: 'redirect'; location: string; status: 307 | 308; external: boolean };

export interface GuardInput {
  pathname: string;
  search: string;
  hasSessionCookie: boolean;
}

export interface GuardRules extends LocaleSettings {
  pageRules: readonly PageRule[];
  redirectRules: readonly RedirectRule[];
}

/** '/nl/account' → { locale: 'nl', path: '/account' }; '/account' → { locale: default, path: '/account' }. */
export function splitLocale(pathname: string, settings: LocaleSettings): { locale: string; path: string } {
  const first = pathname.split('/')[1] ?? '';
  if (settings.locales.includes(first)) {
    const rest = pathname.slice(first.length + 1);
    return { locale: first, path: rest === '' ? '/' : rest };
  }
  return { locale: settings.defaultLocale, path: pathname };
}

/** Prefix a path for a locale the way 'as-needed' routing does: none for the default locale. */
export function localizePath(path: string, locale: string, settings: LocaleSettings): string {
  if (locale === settings.defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The sign-in check: the organiser area, editing, and the account need a session. */
export function needsSignIn(path: string): boolean {
  return path.startsWith('/o/') || path.startsWith('/edit/') || path === '/account' || path.startsWith('/account/');
}

const EXTERNAL = /^https?:\/\//i;

export function decideRoute(input: GuardInput, rules: GuardRules): GuardDecision {
  const { locale, path } = splitLocale(input.pathname, rules);

  if (!isValidPage(path, rules.pageRules)) return { action: 'not-found' };

  if (needsSignIn(path) && !input.hasSessionCookie) {
    const next = encodeURIComponent(`${input.pathname}${input.search}`);
    return {
      action: 'redirect',
      location: `${localizePath('/sign-in', locale, rules)}?next=${next}`,
      status: 307,
      external: false,
    };
  }

  const rule = rules.redirectRules.find((candidate) => candidate.source === path);
  if (rule) {
    const external = EXTERNAL.test(rule.destination);
    const location = external ? rule.destination : localizePath(rule.destination, locale, rules);
    return { action: 'redirect', location, status: rule.permanent ? 308 : 307, external };
  }

  return { action: 'continue' };
}
