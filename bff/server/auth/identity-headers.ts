// Headers that carry identity between the BFF and the services (kassa-actor-user-id, …) are set by the BFF alone.
const IDENTITY_HEADER = /^(x-)?kassa-/i;
/**
 * Kassa-named headers that carry no identity and must reach their route: the mail provider's delivery-webhook
 * signature (POST /api/webhooks/email), an HMAC that notifications verifies over the body.
 */
const NOT_IDENTITY = new Set(['kassa-signature']);

/** A copy of the request headers without any that a client could use to pose as someone. */
export function withoutIdentityHeaders(headers: Headers): Headers {
  const cleaned = new Headers();
  headers.forEach((value, name) => {
    if (!IDENTITY_HEADER.test(name) || NOT_IDENTITY.has(name.toLowerCase())) cleaned.append(name, value);
  });
  return cleaned;
}

/** The original path of the request, for pages that show it (the 404 page); set by the proxy after stripping. */
export const REQUEST_PATH_HEADER = 'x-kassa-request-path';
