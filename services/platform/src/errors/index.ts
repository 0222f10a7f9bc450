export {
  DomainError,
  ValidationError,
  NotFoundError,
  UnauthenticatedError,
  PermissionDeniedError,
  ConflictError,
  FailedPreconditionError,
  RateLimitedError,
  type FieldViolation,
} from './domain-errors';
export { messages } from './messages';
export { Violations, type StringRule, type IntRule } from './violations';
export { checkEmailAddress, EMAIL_MAX_LENGTH, type EmailCheck } from './email-address';
export { controlCharacterViolations, fieldLabel, hasControlCharacters } from './control-characters';
