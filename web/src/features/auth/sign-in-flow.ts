// The sign-in / sign-up flow as a pure state machine, so every transition is testable without a browser.
import { checkCode, checkDisplayName, checkEmail, type AuthField } from '../../lib/auth-rules';
import type { ApiFailure } from '../../lib/api-result';
import { fromServerMessage, type UiMessage } from './ui-message';

export type AuthMode = 'sign-in' | 'sign-up';

export interface SignInFlowState {
  mode: AuthMode;
  step: 'email' | 'code';
  email: string;
  displayName: string;
  code: string;
  pending: boolean;
  fieldErrors: Partial<Record<AuthField, UiMessage>>;
  formError?: UiMessage;
  /** Set after "send a new code" succeeded. */
  resent: boolean;
}

export type SignInFlowAction =
  | { type: 'edit'; field: 'email' | 'displayName' | 'code'; value: string }
  | { type: 'invalid'; fieldErrors: Partial<Record<AuthField, UiMessage>> }
  | { type: 'submitted' }
  | { type: 'codeSent'; resent: boolean }
  | { type: 'failed'; fieldErrors: Partial<Record<AuthField, UiMessage>>; formError?: UiMessage }
  | { type: 'changeEmail' };

export function initialSignInFlow(mode: AuthMode, email = ''): SignInFlowState {
  return { mode, step: 'email', email, displayName: '', code: '', pending: false, fieldErrors: {}, resent: false };
}

export function signInFlowReducer(state: SignInFlowState, action: SignInFlowAction): SignInFlowState {
  switch (action.type) {
    case 'edit': {
      // Typing in a field clears its error; the form message stays until the next submit.
      const { [action.field]: _cleared, ...fieldErrors } = state.fieldErrors;
      return { ...state, [action.field]: action.value, fieldErrors };
    }
    case 'invalid':
      return {
        ...state,
        pending: false,
        fieldErrors: action.fieldErrors,
        formError: { kind: 'form', key: 'genericForm' },
      };
    case 'submitted':
      return { ...state, pending: true, formError: undefined, resent: false };
    case 'codeSent':
      return {
        ...state,
        step: 'code',
        code: '',
        pending: false,
        fieldErrors: {},
        formError: undefined,
        resent: action.resent,
      };
    case 'failed':
      return { ...state, pending: false, fieldErrors: action.fieldErrors, formError: action.formError };
    case 'changeEmail':
      return {
        ...state,
        step: 'email',
        code: '',
        pending: false,
        fieldErrors: {},
        formError: undefined,
        resent: false,
      };
  }
}

type FieldErrors = Partial<Record<AuthField, UiMessage>>;

export function validateEmailStep(state: Pick<SignInFlowState, 'mode' | 'email' | 'displayName'>): FieldErrors {
  const errors: FieldErrors = {};
  const emailRule = checkEmail(state.email);
  if (emailRule) errors.email = { kind: 'rule', rule: emailRule, field: 'email' };
  if (state.mode === 'sign-up') {
    const nameRule = checkDisplayName(state.displayName, true);
    if (nameRule) errors.displayName = { kind: 'rule', rule: nameRule, field: 'displayName' };
  }
  return errors;
}

export function validateCodeStep(state: Pick<SignInFlowState, 'code'>): FieldErrors {
  const rule = checkCode(state.code);
  return rule ? { code: { kind: 'rule', rule, field: 'code' } } : {};
}

const KNOWN_FIELDS: readonly AuthField[] = ['email', 'displayName', 'code'];

/** Turns a failed BFF answer into field and form messages for the step that made the call. */
export function describeFailure(
  failure: ApiFailure,
  step: 'email' | 'code',
): { fieldErrors: FieldErrors; formError?: UiMessage } {
  if (failure.status === 400) {
    const fieldErrors: FieldErrors = {};
    const unplaced: string[] = [];
    for (const [field, text] of Object.entries(failure.fields)) {
      if ((KNOWN_FIELDS as readonly string[]).includes(field))
        fieldErrors[field as AuthField] = fromServerMessage(text);
      else unplaced.push(text);
    }
    // A rule about a field this form does not show is still worth telling.
    const formError = unplaced[0] ? fromServerMessage(unplaced[0]) : fromServerMessage(failure.message);
    return { fieldErrors, formError };
  }
  if (failure.status === 401 && step === 'code') {
    return { fieldErrors: { code: { kind: 'rule', rule: 'invalid', field: 'code' } } };
  }
  if (failure.status === 429) {
    return {
      fieldErrors: {},
      formError: failure.retryAfterSeconds
        ? { kind: 'retryAfter', seconds: failure.retryAfterSeconds }
        : { kind: 'form', key: 'tooManyRequestsLater' },
    };
  }
  if (failure.timedOut) return { fieldErrors: {}, formError: { kind: 'form', key: 'timeout' } };
  if (failure.status === 0 || failure.status === 503)
    return { fieldErrors: {}, formError: { kind: 'form', key: 'unavailable' } };
  return { fieldErrors: {}, formError: { kind: 'form', key: 'unexpected' } };
}
