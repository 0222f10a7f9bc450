import type { Locale } from '@kassa/contracts/locales';
import { DEFAULT_TIME_ZONE } from '@kassa/contracts/time-zones';

/**
 * Where an invitation e-mail sends the invitee: the BFF's accept page under /account (so a signed-out invitee is sent
 * to sign in or up and back), in the e-mail's language (English has no prefix, Dutch lives under /nl).
 */
export function invitationLink(siteUrl: string, locale: Locale, token: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  return `${base}/${locale === 'nl' ? 'nl/' : ''}account/invitations/${encodeURIComponent(token)}`;
}

/** The expiry as people read it, in the Netherlands' time zone (Kassa's home market), with the zone named. */
export function formatExpiry(at: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: DEFAULT_TIME_ZONE,
    timeZoneName: 'short',
  }).format(at);
}
