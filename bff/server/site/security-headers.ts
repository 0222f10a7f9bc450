// The security headers of every answer, as next.config.ts's header rules: pages, API routes and static files alike.
// Later rules override earlier ones for the same header (Next's rule), so the camera rule follows the general one.

import { routing } from '../../i18n/routing';
import { NON_PAGE_POLICY } from './content-security-policy';

interface HeaderRule {
  source: string;
  has?: { type: 'header'; key: string; value?: string }[];
  headers: { key: string; value: string }[];
}

/** Powerful features no page of Kassa uses. */
const NEVER_USED = [
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
];

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
const SCANNER_SECTIONS = ['o', 'scan'];
const localePrefix = `/:locale(${routing.locales.join('|')})`;
const CAMERA_PATHS = SCANNER_SECTIONS.flatMap((section) => [`/${section}/:path*`, `${localePrefix}/${section}/:path*`]);

/** A document a scanner can run in (a path without its locale): the camera and the QR reader's WebAssembly. */
export function isScannerDocument(path: string): boolean {
  return SCANNER_SECTIONS.some((section) => path.startsWith(`/${section}/`));
}

export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // What is not a page may load and run nothing; the proxy gives each page its own policy (content-security-policy.ts).
  // No answer may be framed (clickjacking); a later embeddable shop will list its allowed origins per shop.
  'Content-Security-Policy': NON_PAGE_POLICY,
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': PERMISSIONS_WITHOUT_CAMERA,
};

/** Two years, subdomains included: sent only on answers that reached the visitor over https (the ingress says so). */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Answers that set their own policy and referrer rule: the social sign-in popup's last page runs one nonce'd script
 * and has the provider's code in its address. A header rule here would replace a route handler's own header.
 */
const OWN_POLICY_PATHS = ['api/_auth/social/callback'];
const OWN_POLICY_HEADERS = ['Content-Security-Policy', 'Referrer-Policy'];

export function securityHeaderRules(): HeaderRule[] {
  const headers = (names: (name: string) => boolean) =>
    Object.entries(SECURITY_HEADERS)
      .filter(([key]) => names(key))
      .map(([key, value]) => ({ key, value }));
  const exceptOwnPolicy = `/:path((?!(?:${OWN_POLICY_PATHS.join('|')})$).*)`;
  return [
    { source: '/:path*', headers: headers((name) => !OWN_POLICY_HEADERS.includes(name)) },
    { source: exceptOwnPolicy, headers: headers((name) => OWN_POLICY_HEADERS.includes(name)) },
    ...CAMERA_PATHS.map((source) => ({
      source,
      headers: [{ key: 'Permissions-Policy', value: PERMISSIONS_WITH_CAMERA }],
    })),
    // Behind the ingress, TLS ends there and the request arrives with X-Forwarded-Proto: https. Over plain http a
    // browser ignores HSTS anyway; not sending it keeps a developer's localhost free of it.
    {
      source: '/:path*',
      has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
      headers: [{ key: 'Strict-Transport-Security', value: HSTS }],
    },
  ];
}
