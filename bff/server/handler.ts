import { NextResponse, type NextRequest } from 'next/server';
import { readBffConfig, type BffConfig } from './bff-config';
import { checkCsrf } from './csrf';
import { errorToHttp, type MappingOptions } from './clients/grpc-errors';
import { logger } from './logger';
import type { CookieSpec } from './auth/session-cookies';

export interface HandlerContext<P = Record<string, string>> {
  config: BffConfig;
  /** The dynamic route segments ({ orgId } for app/api/organisations/[orgId]/…), already awaited. */
  params: P;
}

/** What Next passes a route handler as its second argument. */
export interface RouteContext<P> {
  params: Promise<P>;
}

/**
 * Every route handler goes through here: state-changing requests must pass the CSRF check, thrown errors
 * (gRPC failures included) become the mapped HTTP answer, and nothing is cached.
 */
export function handler<P extends Record<string, string | string[]> = Record<string, string>>(
  fn: (request: NextRequest, context: HandlerContext<P>) => Promise<NextResponse>,
  options: MappingOptions = {},
): (request: NextRequest, route: RouteContext<P>) => Promise<NextResponse> {
  return async (request, route) => {
    const config = readBffConfig();
    const verdict = checkCsrf(request, config);
    if (!verdict.allowed) return noStore(NextResponse.json({ message: 'Forbidden' }, { status: 403 }));
    try {
      const params = ((await route?.params) ?? {}) as P;
      return noStore(await fn(request, { config, params }));
    } catch (thrown) {
      const mapped = errorToHttp(thrown, options);
      if (mapped.status >= 500)
        logger.error(
          { err: thrown, method: request.method, path: request.nextUrl.pathname, status: mapped.status },
          'request failed',
        );
      return noStore(NextResponse.json(mapped.body, { status: mapped.status, headers: mapped.headers }));
    }
  };
}

function noStore(response: NextResponse): NextResponse {
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

export function setCookie(response: NextResponse, cookie: CookieSpec): NextResponse {
  response.cookies.set(cookie.name, cookie.value, cookie.options);
  return response;
}

/** Reads a JSON body; an unreadable one counts as empty, so that validation names what is missing. */
export async function readJson(request: NextRequest): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return {};
  }
}
