import { useTranslations } from 'next-intl';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { TextField } from '../../components/ui/text-field';
import type { SignInFlowState } from './sign-in-flow';
import { useUiMessage } from './ui-message';

export interface CodeStepProps {
  state: SignInFlowState;
  onEdit(value: string): void;
  onSubmit(): void;
  onResend(): void;
  onChangeEmail(): void;
}

export function CodeStep({ state, onEdit, onSubmit, onResend, onChangeEmail }: CodeStepProps) {
  const t = useTranslations('Auth');
  const describe = useUiMessage();
  const email = state.email.trim();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="code-step">
      <h1 className="text-2xl font-semibold">{t('codeTitle')}</h1>
      <p data-testid="code-sent-to">{state.resent ? t('codeResent', { email }) : t('codeSent', { email })}</p>
      {state.formError && <FormAlert tone="error">{describe(state.formError)}</FormAlert>}
      <TextField
        id="code"
        name="code"
        label={t('codeLabel')}
        hint={t('codeHint')}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
        required
        autoFocus
        className="w-40 tracking-[0.3em]"
        value={state.code}
        onChange={(event) => onEdit(event.target.value)}
        error={state.fieldErrors.code && describe(state.fieldErrors.code)}
      />
      <Button type="submit" disabled={state.pending} aria-busy={state.pending || undefined}>
        {state.pending ? t('verifying') : t('submitCode')}
      </Button>
      <div className="flex flex-wrap gap-4">
        <Button variant="link" size="inline" onClick={onResend} disabled={state.pending}>
          {t('resend')}
        </Button>
        <Button variant="link" size="inline" onClick={onChangeEmail} disabled={state.pending}>
          {t('changeEmail')}
        </Button>
      </div>
    </form>
  );
}
