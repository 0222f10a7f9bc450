import { checkCode, checkEmail } from '../../src/lib/auth-rules';
import {
  describeFailure,
  initialSignInFlow,
  signInFlowReducer,
  validateCodeStep,
  validateEmailStep,
} from '../../src/features/auth/sign-in-flow';
import { fromServerMessage } from '../../src/features/auth/ui-message';

const failure = (
  status: number,
  extra: { message?: string; fields?: Record<string, string>; retryAfterSeconds?: number } = {},
) => ({
  ok: false as const,
  status,
  message: extra.message ?? '',
  fields: extra.fields ?? {},
  retryAfterSeconds: extra.retryAfterSeconds,
});

describe('sign-in flow', () => {
  it('goes from the e-mail step to the code step and back', () => {
    let state = initialSignInFlow('sign-in');
    state = signInFlowReducer(state, { type: 'edit', field: 'email', value: 'jane@example.com' });
    state = signInFlowReducer(state, { type: 'submitted' });
    expect(state.pending).toBe(true);
    state = signInFlowReducer(state, { type: 'codeSent', resent: false });
    expect(state).toMatchObject({ step: 'code', pending: false, email: 'jane@example.com', code: '' });
    state = signInFlowReducer(state, { type: 'edit', field: 'code', value: '123' });
    state = signInFlowReducer(state, { type: 'changeEmail' });
    expect(state).toMatchObject({ step: 'email', code: '', email: 'jane@example.com' });
  });

  it('clears a field error when the field is edited, and marks an invalid submit with the form message', () => {
    let state = signInFlowReducer(initialSignInFlow('sign-in'), {
      type: 'invalid',
      fieldErrors: validateEmailStep(initialSignInFlow('sign-in')),
    });
    expect(state.fieldErrors.email).toEqual({ kind: 'rule', rule: 'required', field: 'email' });
    expect(state.formError).toEqual({ kind: 'form', key: 'genericForm' });
    state = signInFlowReducer(state, { type: 'edit', field: 'email', value: 'j' });
    expect(state.fieldErrors.email).toBeUndefined();
  });

  it('validates each step with the shared rules', () => {
    expect(validateEmailStep({ mode: 'sign-in', email: 'jane@example.com', displayName: '' })).toEqual({});
    expect(validateEmailStep({ mode: 'sign-up', email: 'jane', displayName: ' ' })).toEqual({
      email: { kind: 'rule', rule: 'invalid', field: 'email' },
      displayName: { kind: 'rule', rule: 'required', field: 'displayName' },
    });
    expect(validateCodeStep({ code: '' })).toEqual({ code: { kind: 'rule', rule: 'required', field: 'code' } });
    expect(validateCodeStep({ code: '12 34 56' })).toEqual({});
    expect(checkEmail(`${'a'.repeat(243)}@example.com`)).toBe('tooLong');
    expect(checkCode('12345a')).toBe('invalid');
  });

  it('refuses in the browser the addresses identity refuses (@kassa/contracts/email-address on both sides)', () => {
    for (const address of ['a@b.c', 'a..b@example.com', 'a@example', '.a@example.com'])
      expect(checkEmail(address)).toBe('invalid');
    expect(checkEmail('Jane@Example.com')).toBeNull();
  });
});

describe('describeFailure', () => {
  it('places the BFF field messages under their fields', () => {
    expect(
      describeFailure(
        failure(400, {
          message: 'Some fields are not valid. Please check the form and try again.',
          fields: { email: 'Email is too long' },
        }),
        'email',
      ),
    ).toEqual({
      fieldErrors: { email: { kind: 'rule', rule: 'tooLong', field: 'email' } },
      formError: { kind: 'form', key: 'genericForm' },
    });
  });

  it('shows a field message for a field the form does not have as the form message', () => {
    expect(describeFailure(failure(400, { fields: { locale: 'Locale is invalid' } }), 'email').formError).toEqual({
      kind: 'text',
      text: 'Locale is invalid',
    });
  });

  it('reads 401 on the code step as a wrong code', () => {
    expect(describeFailure(failure(401, { message: 'Code is invalid' }), 'code')).toEqual({
      fieldErrors: { code: { kind: 'rule', rule: 'invalid', field: 'code' } },
    });
  });

  it('tells how long to wait after 429, and that the service is down after 503 or no answer', () => {
    expect(describeFailure(failure(429, { retryAfterSeconds: 60 }), 'email').formError).toEqual({
      kind: 'retryAfter',
      seconds: 60,
    });
    expect(describeFailure(failure(429), 'email').formError).toEqual({ kind: 'form', key: 'tooManyRequestsLater' });
    expect(describeFailure(failure(503), 'code').formError).toEqual({ kind: 'form', key: 'unavailable' });
    expect(describeFailure(failure(0), 'code').formError).toEqual({ kind: 'form', key: 'unavailable' });
    // No answer in time is said apart from no connection (§8: a request timeout raises a timeout error).
    expect(describeFailure({ ...failure(0), timedOut: true }, 'code').formError).toEqual({
      kind: 'form',
      key: 'timeout',
    });
    expect(describeFailure(failure(500), 'code').formError).toEqual({ kind: 'form', key: 'unexpected' });
  });

  it('recognises the spec messages from the server', () => {
    expect(fromServerMessage('Email is required')).toEqual({ kind: 'rule', rule: 'required', field: 'email' });
    expect(fromServerMessage('Name is too long')).toEqual({ kind: 'rule', rule: 'tooLong', field: 'displayName' });
    expect(fromServerMessage('Purpose is invalid')).toEqual({ kind: 'text', text: 'Purpose is invalid' });
  });
});
