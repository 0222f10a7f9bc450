import type { BffConfig } from './bff-config';
import { appOrigin, type RequestLike } from './request-context';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type CsrfVerdict = { allowed: true } | { allowed: false; reason: string };

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * Refuses a state-changing request that another site may have made the browser send: Sec-Fetch-Site says
 * cross-site, or Origin is missing, "null" (sandboxed frames, some redirects) or not ours. Browsers send Origin on
 * every non-GET fetch and form post, so a legitimate request from our pages always has it.
 */
export function checkCsrf(
  request: RequestLike & { method: string },
  config: Pick<BffConfig, 'trustProxy' | 'publicOrigin'>,
): CsrfVerdict {
  if (!isStateChanging(request.method)) return { allowed: true };
  if (request.headers.get('sec-fetch-site')?.toLowerCase() === 'cross-site')
    return { allowed: false, reason: 'cross-site request' };
  const origin = request.headers.get('origin');
  if (!origin) return { allowed: false, reason: 'missing Origin' };
  if (origin === 'null') return { allowed: false, reason: 'opaque Origin' };
  if (origin !== appOrigin(request, config)) return { allowed: false, reason: 'foreign Origin' };
  return { allowed: true };
}
