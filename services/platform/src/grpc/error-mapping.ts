import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { ValidationErrorDetails } from '@kassa/proto/common/v1/common';
import {
  ConflictError,
  DomainError,
  FailedPreconditionError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitedError,
  UnauthenticatedError,
  ValidationError,
  messages,
  type FieldViolation,
} from '../errors';
import { RETRY_AFTER_TRAILER, VALIDATION_TRAILER } from './types';

export const INTERNAL_MESSAGE = 'Internal error';

/**
 * The most violation bytes a trailer carries. Trailers travel as one HTTP/2 header block, and a block past the
 * peer's limit (64 KB in Node) breaks the whole connection: every call on it fails or hangs until its deadline. A
 * request with a thousand bad list elements has thousands of violations; the first ones are what a form shows.
 */
export const MAX_VIOLATION_BYTES = 8 * 1024;

/** The first violations, as many as fit in MAX_VIOLATION_BYTES (always at least one). */
export function violationsThatFit(violations: readonly FieldViolation[]): FieldViolation[] {
  const kept: FieldViolation[] = [];
  let bytes = 0;
  for (const violation of violations) {
    bytes += Buffer.byteLength(violation.field) + Buffer.byteLength(violation.message) + 8;
    if (kept.length > 0 && bytes > MAX_VIOLATION_BYTES) break;
    kept.push(violation);
  }
  return kept;
}

export interface GrpcErrorReply {
  code: status;
  details: string;
  metadata: Metadata;
  /** True when the error was not a domain error: the caller logs it with its stack. */
  unexpected: boolean;
}

/** The one place where domain errors become gRPC statuses and trailers. */
export function toGrpcError(error: unknown): GrpcErrorReply {
  const metadata = new Metadata();
  const reply = (code: status, details: string, unexpected = false): GrpcErrorReply => ({
    code,
    details,
    metadata,
    unexpected,
  });

  if (error instanceof ValidationError) {
    metadata.set(
      VALIDATION_TRAILER,
      Buffer.from(ValidationErrorDetails.encode({ violations: violationsThatFit(error.violations) }).finish()),
    );
    return reply(status.INVALID_ARGUMENT, messages.genericForm);
  }
  if (error instanceof NotFoundError) return reply(status.NOT_FOUND, error.message);
  if (error instanceof UnauthenticatedError) return reply(status.UNAUTHENTICATED, error.message);
  if (error instanceof PermissionDeniedError) return reply(status.PERMISSION_DENIED, error.message);
  if (error instanceof ConflictError) return reply(status.ALREADY_EXISTS, error.message);
  if (error instanceof FailedPreconditionError) return reply(status.FAILED_PRECONDITION, error.message);
  if (error instanceof RateLimitedError) {
    metadata.set(RETRY_AFTER_TRAILER, String(error.retryAfterSeconds));
    return reply(status.RESOURCE_EXHAUSTED, error.message);
  }
  if (error instanceof DomainError) return reply(status.INTERNAL, INTERNAL_MESSAGE, true);
  // A GrpcCallError from a downstream call this handler made: pass deadline and availability problems on,
  // hide everything else (its details may name internals).
  if (isServiceError(error) && (error.code === status.DEADLINE_EXCEEDED || error.code === status.UNAVAILABLE)) {
    return reply(error.code, error.details || 'Upstream unavailable');
  }
  return reply(status.INTERNAL, INTERNAL_MESSAGE, true);
}

function isServiceError(error: unknown): error is Pick<ServiceError, 'code' | 'details'> {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ServiceError).code === 'number' &&
    'details' in error
  );
}

/** Reads the validation trailer back into violations (empty when absent or unreadable). */
export function decodeViolations(metadata: Metadata | undefined): FieldViolation[] {
  const value = metadata?.get(VALIDATION_TRAILER)[0];
  if (!value || typeof value === 'string') return [];
  try {
    return ValidationErrorDetails.decode(value).violations.map(({ field, message }) => ({ field, message }));
  } catch {
    return [];
  }
}

export function decodeRetryAfter(metadata: Metadata | undefined): number | undefined {
  const value = metadata?.get(RETRY_AFTER_TRAILER)[0];
  const seconds = typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(seconds) ? seconds : undefined;
}
