import { isId } from '@kassa/platform/ids';
// The proxy's first check: a route whose parameters are malformed is a 404 before anything else runs.

export interface PageRule {
  /** Segments with `:name` for parameters, e.g. '/o/:orgId/events/:eventId'. Matches that path and everything under it. */
  template: string;
  /** The id prefix each named id segment must carry, e.g. { orgId: 'org', eventId: 'evt' }. */
  ids?: Record<string, string>;
  /** Named segments that are secret tokens (32 random bytes as base64url, 43 characters), e.g. ['hash']. */
  tokens?: readonly string[];
  /** Static routes that sit beside a parameter segment and are not parameters, e.g. { orgId: ['new'] } for /o/new. */
  staticSegments?: Record<string, readonly string[]>;
}

/** Every route of the spec that takes a parameter, with the shape the parameter must have. */
export const pageRules: readonly PageRule[] = [
  { template: '/o/:orgId', ids: { orgId: 'org' }, staticSegments: { orgId: ['new'] } },
  { template: '/o/:orgId/events/:eventId', ids: { orgId: 'org', eventId: 'evt' } },
  { template: '/o/:orgId/shops/:shopId', ids: { orgId: 'org', shopId: 'shp' } },
  { template: '/o/:orgId/orders/:orderId', ids: { orgId: 'org', orderId: 'ord' } },
  { template: '/s/:shopId', ids: { shopId: 'shp' } },
  { template: '/event/:eventId', ids: { eventId: 'evt' } },
  { template: '/order/:orderId', ids: { orderId: 'ord' } },
  { template: '/payments/demo/:paymentId', ids: { paymentId: 'pay' } },
  { template: '/ticket/:ticketId', ids: { ticketId: 'tkt' } },
  { template: '/scan/:hash', tokens: ['hash'] },
  { template: '/account/invitations/:token', tokens: ['token'] },
];

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** prefix_ + a 26-character lower-case ULID, exactly as the services make ids (the platform's own check). */
export function isPrefixedId(prefix: string, value: string): boolean {
  return isId(prefix, value);
}

/** A secret link token: 32 random bytes as unpadded base64url. */
export function isLinkToken(value: string): boolean {
  return TOKEN.test(value);
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function isValidParameter(rule: PageRule, name: string, segment: string): boolean {
  const value = decodeSegment(segment);
  if (value !== undefined && rule.staticSegments?.[name]?.includes(value)) return true;
  const prefix = rule.ids?.[name];
  if (prefix !== undefined) return value !== undefined && isPrefixedId(prefix, value);
  if (rule.tokens?.includes(name)) return value !== undefined && isLinkToken(value);
  return true;
}

/** False when the path (without locale prefix) falls under a rule and one of its parameter segments is malformed. */
export function isValidPage(path: string, rules: readonly PageRule[] = pageRules): boolean {
  const segments = path.split('/').filter(Boolean);
  for (const rule of rules) {
    const template = rule.template.split('/').filter(Boolean);
    if (segments.length < template.length) continue;
    const matches = template.every((part, index) => part.startsWith(':') || part === segments[index]);
    if (!matches) continue;
    const valid = template.every(
      (part, index) => !part.startsWith(':') || isValidParameter(rule, part.slice(1), segments[index] ?? ''),
    );
    if (!valid) return false;
  }
  return true;
}
