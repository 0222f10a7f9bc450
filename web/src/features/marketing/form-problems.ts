// What went wrong with a public form, as data: the forms stay free of HTTP details and translate this per locale.
import type { ApiFailure } from '../../lib/api-result';
import { ruleFromServerMessage, type FieldRule } from '../../lib/public-form-rules';

/** A message about the whole form. */
export type FormProblem =
  | { kind: 'genericForm' }
  | { kind: 'retryAfter'; seconds: number }
  | { kind: 'tooManyRequestsLater' }
  | { kind: 'unavailable' }
  | { kind: 'timeout' }
  | { kind: 'unexpected' };

export interface FormFailure<F extends string> {
  fields: Partial<Record<F, FieldRule>>;
  form: FormProblem;
}

/** A failed call to the BFF, as field rules (for a 400 naming fields) and a form message. */
export function describeFailure<F extends string>(failure: ApiFailure, knownFields: readonly F[]): FormFailure<F> {
  if (failure.status === 400) {
    const fields: Partial<Record<F, FieldRule>> = {};
    for (const field of knownFields) {
      const message = failure.fields[field];
      const rule = message ? ruleFromServerMessage(message) : null;
      if (message) fields[field] = rule ?? 'invalid';
    }
    return { fields, form: { kind: 'genericForm' } };
  }
  if (failure.status === 429) {
    return {
      fields: {},
      form: failure.retryAfterSeconds
        ? { kind: 'retryAfter', seconds: failure.retryAfterSeconds }
        : { kind: 'tooManyRequestsLater' },
    };
  }
  if (failure.timedOut) return { fields: {}, form: { kind: 'timeout' } };
  if (failure.status === 0 || failure.status === 503) return { fields: {}, form: { kind: 'unavailable' } };
  return { fields: {}, form: { kind: 'unexpected' } };
}
