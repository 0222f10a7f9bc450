// Not a use case: turns a membership rule's refusal into the contract's error.
import { FailedPreconditionError, PermissionDeniedError } from '@kassa/platform/errors';
import { LAST_OWNER_MESSAGE, type Refusal } from '../domain/membership-rules';
import { NOT_ALLOWED } from './organisation-access';

/** Turns a membership rule's refusal into the error the caller sees. */
export function throwIfRefused(refusal: Refusal | null): void {
  if (refusal === 'permission-denied') throw new PermissionDeniedError(NOT_ALLOWED);
  if (refusal === 'last-owner') throw new FailedPreconditionError(LAST_OWNER_MESSAGE);
}
