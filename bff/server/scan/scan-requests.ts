// What the scanner's route handlers do first. Member routes, in the order every organiser route keeps: signed in
// (401), well-formed ids (400 'ID is invalid'), allowed to check in at the organisation (404/403), then the body;
// ticketing authorises the member again and checks that the event is the organisation's. Public routes (a scan
// link): the secret travels in the JSON body, never in a URL that logs keep, and each link is rate limited per
// client address, generously, because a door scans in bursts.
import { createHash } from 'node:crypto';
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import type { RateLimit } from '@kassa/platform/ratelimit';
import type { ScannerAccess } from '@kassa/proto/ticketing/v1/scanning';
import type { SessionUser } from '@kassa/web/lib/api-result';
import {
  createScanLinkBodySchema,
  deviceBodySchema,
  kitBodySchema,
  openBodySchema,
  scanBodySchema,
  syncBodySchema,
  withSecret,
} from '@kassa/web/lib/scan-rules';
import type { PageRequest } from '@kassa/proto/common/v1/common';
import type { NextRequest } from 'next/server';
import type { BffConfig } from '../bff-config';
import { HttpProblem, requireRouteId } from '../http-problem';
import { authorizeOrganisation, requireApiUser } from '../organisations/organisation-access';
import { requireWithinRateLimit } from '../rate-limit-guard';
import { clientIp } from '../request-context';
import { parseBody } from '../request-body';

export { readBody } from '../request-body';

/** The dynamic segments of the member's scanner routes (a type alias, so that handler() sees its index signature). */
export type EventScanParams = { orgId: string; eventId: string };
export type ScanLinkParams = EventScanParams & { linkId: string };

export interface EventScan {
  user: SessionUser;
  orgId: string;
  eventId: string;
  access: ScannerAccess;
}

/** Signed in, well-formed ids, allowed to check in at the organisation ("checkin"). */
export async function authorizeEventScan(request: NextRequest, params: Partial<EventScanParams>): Promise<EventScan> {
  const user = await requireApiUser(request);
  const orgId = requireRouteId('org', params.orgId);
  const eventId = requireRouteId('evt', params.eventId);
  await authorizeOrganisation(user.id, orgId, 'checkin');
  return { user, orgId, eventId, access: memberAccess(orgId, eventId) };
}

/** The same for one of the event's scan links: its id is checked with the others, before the permission. */
export async function authorizeScanLink(
  request: NextRequest,
  params: Partial<ScanLinkParams>,
): Promise<EventScan & { linkId: string }> {
  const user = await requireApiUser(request);
  const orgId = requireRouteId('org', params.orgId);
  const eventId = requireRouteId('evt', params.eventId);
  const linkId = requireRouteId('scl', params.linkId);
  await authorizeOrganisation(user.id, orgId, 'checkin');
  return { user, orgId, eventId, linkId, access: memberAccess(orgId, eventId) };
}

export function memberAccess(organisationId: string, eventId: string): ScannerAccess {
  return { linkSecret: '', organisationId, eventId };
}

export function linkAccess(secret: string): ScannerAccess {
  return { linkSecret: secret, organisationId: '', eventId: '' };
}

/** Scans per client address and link: a busy door with one phone scans a ticket every second or two at most. */
export const SCAN_LINK_LIMIT: RateLimit = { limit: 600, windowSeconds: 60 };

/** The limiter's key: the link by a digest of its secret (the secret itself never goes to Redis), and the client. */
export function scanLinkRateKey(secret: string, ip: string): string {
  return `scan-link:${createHash('sha256').update(secret).digest('base64url').slice(0, 22)}:${ip}`;
}

/**
 * Counts a call of a link from this address: scans, opening and the kit's first page in one window; the kit's further
 * pages in a window of their own (`kit-pages`), so that a festival's kit of ten pages a minute per phone never eats
 * into what the phones behind one venue address may scan.
 */
export async function requireScanLinkWithinLimit(
  request: NextRequest,
  config: BffConfig,
  secret: string,
  window: 'scans' | 'kit-pages' = 'scans',
): Promise<void> {
  const key = scanLinkRateKey(secret, clientIp(request, config));
  await requireWithinRateLimit(window === 'scans' ? key : `${key}:kit-pages`, SCAN_LINK_LIMIT);
}

export const INVALID_SCAN_LINK_MESSAGE = 'This scan link is not valid';

/** ticketing refuses an unknown or revoked link with PERMISSION_DENIED (the same for both): a 404 that says so. */
export function isInvalidLinkError(error: unknown): boolean {
  return isGrpcCallError(error) && (error.code === status.PERMISSION_DENIED || error.code === status.NOT_FOUND);
}

export async function asScanLink<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isInvalidLinkError(error)) throw new HttpProblem(404, { message: INVALID_SCAN_LINK_MESSAGE });
    throw error;
  }
}

/** "en" or "nl" for the event's name; anything else is the default. */
export function scanLocale(value: unknown): string {
  return value === 'nl' ? 'nl' : 'en';
}

/** A member's GET carries the device in the query (it is no secret): 400 unless well formed. */
export function deviceIdFromQuery(request: NextRequest): string {
  return parseBody(deviceBody, { deviceId: request.nextUrl.searchParams.get('deviceId') ?? undefined }).deviceId;
}

const kitPageQuery = kitBodySchema().pick({ pageToken: true });

/** A member's kit page from the query ('' for the first page; absent asks for the whole kit): 400 unless well formed. */
export function kitPageTokenFromQuery(request: NextRequest): string | undefined {
  return parseBody(kitPageQuery, { pageToken: request.nextUrl.searchParams.get('pageToken') ?? undefined }).pageToken;
}

/** The kit's page for ticketing: ticketing's own page size; none asked (the whole kit) without a token. */
export function kitPage(pageToken: string | undefined): PageRequest | undefined {
  return pageToken === undefined ? undefined : { pageSize: 0, pageToken };
}

/** Where this device keeps a link's kit and queue: named by a digest, so that storage does not repeat the secret. */
export function linkScannerScope(secret: string): string {
  return `link:${createHash('sha256').update(secret).digest('base64url').slice(0, 22)}`;
}

export function memberScannerScope(orgId: string, eventId: string): string {
  return `event:${orgId}:${eventId}`;
}

// Built once: the schemas speak the spec's English.
export const scanBody = scanBodySchema();
export const deviceBody = deviceBodySchema();
export const syncBody = syncBodySchema();
export const createScanLinkBody = createScanLinkBodySchema();
export const linkScanBody = withSecret(scanBodySchema());
export const linkKitBody = withSecret(kitBodySchema());
export const linkOpenBody = withSecret(openBodySchema());
export const linkSyncBody = withSecret(syncBodySchema());
