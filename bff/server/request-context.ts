import type { BffConfig } from './bff-config';

/** The parts of a request these helpers read; NextRequest and Request both fit. */
export interface RequestLike {
  url: string;
  headers: Headers;
}

type ProxyTrust = Pick<BffConfig, 'trustProxy'>;

function firstValue(header: string | null): string | undefined {
  const value = header?.split(',')[0]?.trim();
  return value ? value : undefined;
}

/** Served over https? Only the ingress knows when TLS ends before us, so X-Forwarded-Proto counts only when trusted. */
export function isSecureRequest(request: RequestLike, config: ProxyTrust): boolean {
  if (config.trustProxy) {
    const forwarded = firstValue(request.headers.get('x-forwarded-proto'));
    if (forwarded) return forwarded.toLowerCase() === 'https';
  }
  return new URL(request.url).protocol === 'https:';
}

/** The origin the browser sees for this app, to compare Origin headers with. */
export function appOrigin(request: RequestLike, config: Pick<BffConfig, 'trustProxy' | 'publicOrigin'>): string {
  if (config.publicOrigin) return config.publicOrigin;
  const protocol = isSecureRequest(request, config) ? 'https' : 'http';
  const host =
    (config.trustProxy ? firstValue(request.headers.get('x-forwarded-host')) : undefined) ??
    request.headers.get('host') ??
    new URL(request.url).host;
  return new URL(`${protocol}://${host}`).origin;
}

/**
 * The client's IP for identity's per-IP limits. Without a trusted proxy X-Forwarded-For is whatever the client
 * wrote, so it is ignored; Next's route handlers do not expose the socket address, hence the loopback default.
 */
export function clientIp(request: RequestLike, config: ProxyTrust): string {
  if (config.trustProxy) {
    const forwarded = firstValue(request.headers.get('x-forwarded-for'));
    if (forwarded) return forwarded;
  }
  return '127.0.0.1';
}

export function userAgent(request: RequestLike): string {
  return (request.headers.get('user-agent') ?? '').slice(0, 512);
}
