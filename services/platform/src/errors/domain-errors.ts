/** One field that failed validation, with the specification's user-facing message. */
export interface FieldViolation {
  field: string;
  message: string;
}

/** Base of every error that application code throws on purpose; `grpc` maps each subclass to a status. */
export abstract class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly violations: FieldViolation[];

  constructor(violations: FieldViolation[]) {
    super(violations.map((v) => `${v.field}: ${v.message}`).join('; ') || 'Validation failed');
    this.violations = violations;
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(message);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = 'Not signed in') {
    super(message);
  }
}

export class PermissionDeniedError extends DomainError {
  constructor(message = 'Permission denied') {
    super(message);
  }
}

export class ConflictError extends DomainError {
  constructor(message = 'Already exists') {
    super(message);
  }
}

export class FailedPreconditionError extends DomainError {
  constructor(message = 'Not possible in the current state') {
    super(message);
  }
}

export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message = 'Too many requests') {
    super(message);
    // Callers show and send it as a whole number of seconds, never 0 (which would invite an immediate retry).
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
