// The organisation whose dashboard was opened last, remembered by the proxy in a cookie so that "Dashboard"
// opens it again. Not secret: it is only a hint, checked against the user's memberships before use.
import { isPrefixedId } from '../site/page-validity';

export const LAST_ORGANISATION_COOKIE = 'kassa_last_org';
export const LAST_ORGANISATION_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const ORGANISATION_PATH = /^\/o\/([^/]+)(?:\/|$)/;

/** The organisation id of a locale-free dashboard path ('/o/org_…/events' → 'org_…'), when well-formed. */
export function organisationIdOfPath(path: string): string | undefined {
  const id = ORGANISATION_PATH.exec(path)?.[1];
  return id !== undefined && isPrefixedId('org', id) ? id : undefined;
}
