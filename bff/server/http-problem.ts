// An HTTP answer a route handler can throw from deep inside (an authorisation check, an id check); handler() sends it.
import { messages } from '@kassa/platform/errors';
import type { ErrorBody } from './clients/grpc-errors';
import { isPrefixedId } from './site/page-validity';

export class HttpProblem extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  /** Sent along with the answer (Retry-After on a 429). */
  readonly headers: Record<string, string>;

  constructor(status: number, body: ErrorBody, headers: Record<string, string> = {}) {
    super(`HTTP ${status}: ${body.message}`);
    this.name = 'HttpProblem';
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** Judged by shape, not instanceof: the bundler may load this module once per route chunk. */
export function isHttpProblem(thrown: unknown): thrown is HttpProblem {
  return (
    thrown instanceof Error &&
    thrown.name === 'HttpProblem' &&
    typeof (thrown as { status?: unknown }).status === 'number'
  );
}

export const NOT_FOUND_MESSAGE = 'Not found';
export const FORBIDDEN_MESSAGE = 'You do not have permission to do this.';

/** A route parameter that must be a prefixed id ('org', 'mem', 'inv', …): 400 'ID is invalid' otherwise. */
export function requireRouteId(prefix: string, value: string | undefined): string {
  if (value === undefined || !isPrefixedId(prefix, value)) throw new HttpProblem(400, { message: messages.idInvalid });
  return value;
}
