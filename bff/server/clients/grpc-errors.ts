// The one place where a failed gRPC call becomes an HTTP answer.
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import { messages } from '@kassa/platform/errors';
import { isHttpProblem } from '../http-problem';

export interface ErrorBody {
  message: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
}

export interface HttpError {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

/** What the mapping reads from a failed call (GrpcCallError has these fields). */
export interface GrpcFailure {
  code: number;
  details: string;
  violations: { field: string; message: string }[];
  retryAfterSeconds?: number;
}

export interface MappingOptions {
  /** The words for UNAUTHENTICATED in this endpoint's context (e.g. 'Code is invalid' when verifying a code). */
  unauthenticatedMessage?: string;
}

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again later.';
export const UNAVAILABLE_MESSAGE = 'The service is unavailable. Please try again later.';
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many attempts. Please try again later.';

/** 429, with how long to wait both in the body (for the page's words) and in Retry-After. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return {
    status: 429,
    body: { message: TOO_MANY_REQUESTS_MESSAGE, retryAfterSeconds },
    headers: { 'Retry-After': String(retryAfterSeconds) },
  };
}

/** Services name fields as in the proto (display_name); the browser knows them as in JSON (displayName). */
function toJsonFieldName(field: string): string {
  return field.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

export function mapGrpcFailure(failure: GrpcFailure, options: MappingOptions = {}): HttpError {
  const error = (statusCode: number, body: ErrorBody, headers: Record<string, string> = {}): HttpError => ({
    status: statusCode,
    body,
    headers,
  });
  switch (failure.code) {
    case status.INVALID_ARGUMENT: {
      const fields: Record<string, string> = {};
      for (const violation of failure.violations) {
        const name = toJsonFieldName(violation.field);
        fields[name] ??= violation.message;
      }
      return error(400, { message: messages.genericForm, fields });
    }
    case status.UNAUTHENTICATED:
      return error(401, { message: options.unauthenticatedMessage ?? 'You are not signed in.' });
    case status.PERMISSION_DENIED:
      return error(403, { message: 'You do not have permission to do this.' });
    case status.NOT_FOUND:
      return error(404, { message: failure.details || 'Not found' });
    case status.ALREADY_EXISTS:
    case status.FAILED_PRECONDITION:
      return error(409, { message: failure.details || GENERIC_ERROR_MESSAGE });
    case status.RESOURCE_EXHAUSTED: {
      const seconds = failure.retryAfterSeconds;
      if (seconds === undefined) return error(429, { message: TOO_MANY_REQUESTS_MESSAGE });
      return tooManyRequests(seconds);
    }
    case status.UNAVAILABLE:
    case status.DEADLINE_EXCEEDED:
      return error(503, { message: UNAVAILABLE_MESSAGE });
    default:
      // INTERNAL and the rest: the details may describe our insides, so they stay in the logs.
      return error(500, { message: GENERIC_ERROR_MESSAGE });
  }
}

export function errorToHttp(thrown: unknown, options: MappingOptions = {}): HttpError {
  if (isGrpcCallError(thrown)) return mapGrpcFailure(thrown, options);
  // Thrown on purpose by a check in the BFF itself (authorisation, a malformed id): already an HTTP answer.
  if (isHttpProblem(thrown)) return { status: thrown.status, body: thrown.body, headers: thrown.headers };
  return { status: 500, body: { message: GENERIC_ERROR_MESSAGE }, headers: {} };
}
