// The zod schema each route checks its body with, loaded from where the route imports it (route-profiles.ts says
// which), and a valid body per schema as the fuzzer's starting point. A route whose schema has no template here fails
// the section (so a new body is never fuzzed by accident with nothing but garbage), and every template must pass
// its schema. The one schema written inline in a route.ts is mirrored here, and a test keeps the mirror honest.
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import type { SchemaRef } from './route-profiles';
import type { Oracle } from './json-bodies';

const repoRoot = join(__dirname, '..', '..', '..');

/** The ids a template may name: the caller's own organisation's, so that only the mutation makes it wrong. */
export interface TemplateIds {
  ticketOptionId: string;
  eventId: string;
  itemId: string;
}

/**
 * PATCH /api/account/profile checks its body with a schema written in the route itself (`profileBody`): the shape
 * only, identity owns the rules. The same shape here.
 */
export const INLINE_SCHEMAS: Record<string, Oracle> = {
  'bff/app/api/account/profile/route.ts#profileBody': z.object({
    displayName: z.string().optional(),
    locale: z.string().optional(),
  }),
};

const KEY = 'fuzz-0123456789abcdef';
const SECRET = 'a'.repeat(43);
const DEVICE = 'dev_fuzz1234';
const CODE = 'KT1.key.payload.signature';
const EVENT = {
  name: 'Fuzz night',
  description: 'Music',
  startsAt: '2031-06-01T18:00:00.000Z',
  endsAt: '2031-06-01T23:00:00.000Z',
  ticketLimit: 100,
  location: { address: 'Main 1', city: 'Utrecht', postalCode: '3511AA', country: 'NL' },
  timeZone: 'Europe/London',
  translations: [{ locale: 'nl', name: 'Fuzz avond', description: 'Muziek' }],
};
const SHOP = {
  name: 'Fuzz shop',
  description: 'Tickets',
  opensAt: '2031-04-01T00:00:00.000Z',
  closesAt: '2031-05-01T00:00:00.000Z',
  currency: 'EUR',
  password: 'open-sesame',
  donation: { enabled: true, suggestedAmountsMinor: [500, 1000], allowCustomAmount: true },
  reservationMinutes: 15,
  showComingSoon: true,
  translations: [{ locale: 'nl', name: 'Winkel', description: '' }],
};

/** A valid body per schema export (or inline schema identifier), for the ids of the caller's organisation. */
export const TEMPLATES: Record<string, (ids: TemplateIds) => unknown> = {
  signInCodeBody: () => ({ email: 'fuzz@example.test', purpose: 'sign-in', locale: 'en', displayName: 'Fuzz Tester' }),
  verifyBody: () => ({ code: '123456' }),
  profileBody: () => ({ displayName: 'Fuzz Tester', locale: 'en' }),
  waitlistBody: () => ({ email: 'fuzz@example.test', locale: 'en' }),
  contactBody: () => ({
    name: 'Fuzz Tester',
    email: 'fuzz@example.test',
    message: 'A question about tickets.',
    locale: 'en',
  }),
  priceCartBody: ({ itemId }) => ({ lines: [{ itemId, quantity: 2 }], discountCode: 'FUZZ10', donationMinor: 500 }),
  shopAccessBody: () => ({ password: 'open-sesame' }),
  checkoutBody: ({ itemId }) => ({
    items: [{ itemId, quantity: 2 }],
    subscribe: false,
    email: 'fuzz@example.test',
    discountCode: 'FUZZ10',
    donationMinor: 500,
    idempotencyKey: KEY,
    locale: 'en',
  }),
  retryPaymentBody: () => ({ idempotencyKey: KEY, locale: 'en' }),
  demoPaymentBody: () => ({ action: 'pay', locale: 'en' }),
  linkKitBody: () => ({ secret: SECRET, deviceId: DEVICE, pageToken: '' }),
  linkOpenBody: () => ({ secret: SECRET, deviceId: DEVICE, locale: 'en' }),
  linkScanBody: () => ({ secret: SECRET, code: CODE, nonce: 'nonce-1', deviceId: DEVICE }),
  linkSyncBody: () => ({
    secret: SECRET,
    deviceId: DEVICE,
    scans: [{ nonce: 'nonce-1', code: CODE, scannedAt: '2031-06-01T19:00:00.000Z' }],
  }),
  scanBody: () => ({ code: CODE, nonce: 'nonce-1', deviceId: DEVICE }),
  syncBody: () => ({
    deviceId: DEVICE,
    scans: [{ nonce: 'nonce-1', code: CODE, scannedAt: '2031-06-01T19:00:00.000Z' }],
  }),
  createScanLinkBody: () => ({ name: 'Main door' }),
  organisationSettingsSchema: () => ({
    name: 'Fuzz organisation',
    description: 'Events',
    currency: 'EUR',
    defaultLocale: 'en',
    timeZone: 'Europe/Amsterdam',
  }),
  inviteSchema: () => ({ email: 'invitee@example.test', firstName: 'Pat', lastName: 'Doe', permissions: ['checkin'] }),
  memberChangesSchema: () => ({ firstName: 'Pat', lastName: 'Doe', permissions: ['checkin'] }),
  refundBody: () => ({ full: false, amountMinor: 100, idempotencyKey: KEY }),
  resendBody: () => ({ idempotencyKey: KEY }),
  eventBody: () => EVENT,
  ticketOptionBody: () => ({
    name: 'Regular',
    description: 'Standing',
    capacity: 10,
    translations: [{ locale: 'nl', name: 'Normaal', description: '' }],
  }),
  newShopBody: () => SHOP,
  shopBody: () => SHOP,
  shopItemBody: ({ ticketOptionId, eventId }) => ({
    ticketOptionId,
    extraEventIds: [eventId],
    name: 'Regular',
    priceMinor: 1_000,
    saleStart: '2031-04-01T00:00:00.000Z',
    saleEnd: '2031-04-30T00:00:00.000Z',
    maxPerOrder: 10,
  }),
  discountCodeBody: ({ itemId }) => ({
    code: 'FUZZ10',
    type: 'percentage',
    value: 10,
    validFrom: '2031-04-01T00:00:00.000Z',
    validUntil: '2031-04-30T00:00:00.000Z',
    maxUses: 5,
    itemIds: [itemId],
  }),
};

/** The key a schema's template is found by: the inline identifier, or the imported export's name. */
export const templateKey = (ref: SchemaRef): string => (ref.from === undefined ? ref.identifier : ref.exportName);

/** The module a route imports from, as a path Node can require (relative to the route, or a workspace package). */
function modulePath(routeFile: string, specifier: string): string {
  return specifier.startsWith('.') ? resolve(dirname(join(repoRoot, routeFile)), specifier) : specifier;
}

/** The schema itself: the module's export (called when it is a factory), or the mirrored inline schema. */
export function loadSchema(routeFile: string, ref: SchemaRef): Oracle {
  if (ref.from === undefined) {
    const inline = INLINE_SCHEMAS[`${routeFile}#${ref.identifier}`];
    if (!inline)
      throw new Error(
        `${routeFile} checks its body with an inline schema "${ref.identifier}" that the fuzzer does not mirror`,
      );
    return inline;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exported = (require(modulePath(routeFile, ref.from)) as Record<string, unknown>)[ref.exportName];
  const schema = ref.factory && typeof exported === 'function' ? (exported as () => unknown)() : exported;
  if (typeof (schema as Oracle | undefined)?.safeParse !== 'function')
    throw new Error(`${routeFile}: "${ref.exportName}" from ${ref.from} is not a zod schema`);
  return schema as Oracle;
}

/** The size limit of a readCheckedBody route, from the constant it names. */
export function loadLimit(routeFile: string, ref: SchemaRef): number | undefined {
  if (!ref.limitName || !ref.limitFrom) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const value = (require(modulePath(routeFile, ref.limitFrom)) as Record<string, unknown>)[ref.limitName];
  if (typeof value !== 'number') throw new Error(`${routeFile}: the body limit ${ref.limitName} is not a number`);
  return value;
}
