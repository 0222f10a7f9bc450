// Errors that reach an error boundary are reported the same way whether or not the page shows them:
// one structured console line (collected by the browser's own tooling and our e2e tests) and, when analytics is
// on, an exception event.
import { isCrawlerUserAgent } from '@kassa/web/lib/crawler-user-agent';
import { reportPath } from '@kassa/web/lib/report-path';
import { captureErrorEvent } from './analytics';

export interface ClientErrorReport {
  event: 'client_error';
  boundary: 'page' | 'global';
  path: string;
  crawler: boolean;
  name?: string;
  message?: string;
  digest?: string;
}

export function describeClientError(
  error: unknown,
  boundary: ClientErrorReport['boundary'],
  path: string,
  userAgent: string,
): ClientErrorReport {
  const { name, message, digest } = (typeof error === 'object' && error !== null ? error : {}) as Record<
    string,
    unknown
  >;
  return {
    event: 'client_error',
    boundary,
    path: reportPath(path),
    crawler: isCrawlerUserAgent(userAgent),
    name: typeof name === 'string' ? name : undefined,
    message: typeof message === 'string' ? message.slice(0, 500) : undefined,
    digest: typeof digest === 'string' ? digest : undefined,
  };
}

export function reportClientError(error: unknown, boundary: ClientErrorReport['boundary']): ClientErrorReport {
  const report = describeClientError(
    error,
    boundary,
    `${window.location.pathname}${window.location.search}`,
    navigator.userAgent,
  );
  console.error(`[kassa] ${JSON.stringify(report)}`);
  void captureErrorEvent(error, { ...report });
  return report;
}
