'use client';
import { useReducer, type ReactNode } from 'react';
import type { ApiResult, RequestCodeInput, SessionUser } from '../../lib/api-result';
import { normalizeCode } from '../../lib/auth-rules';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import {
  describeFailure,
  initialSignInFlow,
  signInFlowReducer,
  validateCodeStep,
  validateEmailStep,
  type AuthMode,
  type SignInFlowState,
} from './sign-in-flow';

export type { AuthMode };

export interface SignInScreenProps {
  mode: AuthMode;
  /** Asks the BFF to e-mail a code (POST /api/_auth/sign-in-code). */
  requestCode(input: RequestCodeInput): Promise<ApiResult<{ expiresAt: string }>>;
  /** Checks the code (POST /api/_auth/verify); the BFF sets the session cookie. */
  verifyCode(code: string): Promise<ApiResult<{ user: SessionUser }>>;
  /** Called once, after a successful verification. */
  onSignedIn(user: SessionUser): void;
  switchLink?: ReactNode;
  /** For tests and deep links: start from a given state. */
  initialState?: SignInFlowState;
}

/** E-mail (and name on sign-up) → "we sent a code to …" → the 6-digit code. */
export function SignInScreen({
  mode,
  requestCode,
  verifyCode,
  onSignedIn,
  switchLink,
  initialState,
}: SignInScreenProps) {
  const [state, dispatch] = useReducer(signInFlowReducer, initialState ?? initialSignInFlow(mode));

  const sendCode = async (resent: boolean) => {
    const fieldErrors = validateEmailStep(state);
    if (Object.keys(fieldErrors).length > 0) {
      dispatch({ type: 'invalid', fieldErrors });
      return;
    }
    dispatch({ type: 'submitted' });
    const input: RequestCodeInput = { email: state.email.trim() };
    if (mode === 'sign-up') input.displayName = state.displayName.trim();
    const result = await requestCode(input);
    if (result.ok) dispatch({ type: 'codeSent', resent });
    else dispatch({ type: 'failed', ...describeFailure(result, 'email') });
  };

  const submitCode = async () => {
    const fieldErrors = validateCodeStep(state);
    if (Object.keys(fieldErrors).length > 0) {
      dispatch({ type: 'invalid', fieldErrors });
      return;
    }
    dispatch({ type: 'submitted' });
    const result = await verifyCode(normalizeCode(state.code));
    if (result.ok) onSignedIn(result.data.user);
    else dispatch({ type: 'failed', ...describeFailure(result, 'code') });
  };

  return (
    <div className="mx-auto w-full max-w-sm" data-testid={`${mode}-screen`}>
      {state.step === 'email' ? (
        <EmailStep
          state={state}
          onEdit={(field, value) => dispatch({ type: 'edit', field, value })}
          onSubmit={() => void sendCode(false)}
          switchLink={switchLink}
        />
      ) : (
        <CodeStep
          state={state}
          onEdit={(value) => dispatch({ type: 'edit', field: 'code', value })}
          onSubmit={() => void submitCode()}
          onResend={() => void sendCode(true)}
          onChangeEmail={() => dispatch({ type: 'changeEmail' })}
        />
      )}
    </div>
  );
}
