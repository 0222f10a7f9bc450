// Server-side errors of page renders and route handlers, one JSON line each (Next's onRequestError hook).
// A crawler's error is reported the same way and marked, since no page shows it (spec §8).
import { isCrawlerUserAgent } from '@kassa/web/lib/crawler-user-agent';
import { reportPath } from '@kassa/web/lib/report-path';

export interface RequestErrorReport {
  event: 'request_error';
  method: string;
  path: string;
  route: string;
  routeType: string;
  crawler: boolean;
  name?: string;
  message?: string;
  digest?: string;
}

export interface RequestErrorInput {
  error: unknown;
  request: { path: string; method: string; headers: Record<string, string | string[] | undefined> };
  context: { routePath: string; routeType: string };
}

export function describeRequestError({ error, request, context }: RequestErrorInput): RequestErrorReport {
  const userAgent = request.headers['user-agent'];
  const { name, message, digest } = (typeof error === 'object' && error !== null ? error : {}) as Record<
    string,
    unknown
  >;
  return {
    event: 'request_error',
    method: request.method,
    path: reportPath(request.path),
    route: context.routePath,
    routeType: context.routeType,
    crawler: isCrawlerUserAgent(Array.isArray(userAgent) ? userAgent[0] : userAgent),
    name: typeof name === 'string' ? name : undefined,
    message: typeof message === 'string' ? message.slice(0, 500) : undefined,
    digest: typeof digest === 'string' ? digest : undefined,
  };
}
