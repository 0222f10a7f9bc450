// The security headers of every answer, as next.config.ts's header rules: pages, API routes and static files alike.
// Later rules override earlier ones for the same header (Next's rule), so the camera rule follows the general one.

import { routing } from '../i18n/routing';

interface HeaderRule {
  source: string;
  has?: { type: 'header'; key: string; value?: string }[];
  headers: { key: string; value: string }[];
}

/** Powerful features no page of Kassa uses. */
const NEVER_USED = ['microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'serial=()', 'hid=()', 'bluetooth=()', 'midi=()'];

/** The Permissions-Policy of pages without a scanner: no camera either. */
export const PERMISSIONS_WITHOUT_CAMERA = ['camera=()', ...NEVER_USED].join(', ');
/** Where a scanner may run: the camera for this origin only. */
export const PERMISSIONS_WITH_CAMERA = ['camera=(self)', ...NEVER_USED].join(', ');

/**
 * Where a scanner can run: the organiser's dashboard (its event's Scan Tickets page) and the door staff's scan links.
 * The whole dashboard, not only the scanner's own path: Next moves between dashboard pages without loading a new
 * document, and a document keeps the policy it was loaded with, so a scanner reached from the event's overview
 * would find the camera refused.
 */
const localePrefix = `/:locale(${routing.locales.join('|')})`;
const CAMERA_PATHS = ['/o/:path*', `${localePrefix}/o/:path*`, '/scan/:path*', `${localePrefix}/scan/:path*`];

export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // No page may be framed (clickjacking); a later embeddable shop will list its allowed origins per shop.
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': PERMISSIONS_WITHOUT_CAMERA,
};

/** Two years, subdomains included: sent only on answers that reached the visitor over https (the ingress says so). */
export const HSTS = 'max-age=63072000; includeSubDomains';

export function securityHeaderRules(): HeaderRule[] {
  const all = Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value }));
  return [
    { source: '/:path*', headers: all },
    ...CAMERA_PATHS.map((source) => ({ source, headers: [{ key: 'Permissions-Policy', value: PERMISSIONS_WITH_CAMERA }] })),
    // Behind the ingress, TLS ends there and the request arrives with X-Forwarded-Proto: https. Over plain http a
    // browser ignores HSTS anyway; not sending it keeps a developer's localhost free of it.
    { source: '/:path*', has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }], headers: [{ key: 'Strict-Transport-Security', value: HSTS }] },
  ];
}
