import { useTranslations } from 'next-intl';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { TextField } from '../../components/ui/text-field';
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../../lib/auth-rules';
import type { SignInFlowState } from './sign-in-flow';
import { useUiMessage } from './ui-message';

export interface EmailStepProps {
  state: SignInFlowState;
  onEdit(field: 'email' | 'displayName', value: string): void;
  onSubmit(): void;
  /** A link to the other form (sign-up from sign-in and back). */
  switchLink?: ReactNode;
}

export function EmailStep({ state, onEdit, onSubmit, switchLink }: EmailStepProps) {
  const t = useTranslations('Auth');
  const describe = useUiMessage();
  const signUp = state.mode === 'sign-up';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="email-step">
      <h1 className="text-2xl font-semibold">{signUp ? t('signUpTitle') : t('signInTitle')}</h1>
      <p className="text-muted-foreground">{signUp ? t('signUpIntro') : t('signInIntro')}</p>
      {state.formError && <FormAlert tone="error">{describe(state.formError)}</FormAlert>}
      <TextField
        id="email"
        name="email"
        type="email"
        label={t('emailLabel')}
        autoComplete="email"
        inputMode="email"
        maxLength={EMAIL_MAX_LENGTH}
        required
        value={state.email}
        onChange={(event) => onEdit('email', event.target.value)}
        error={state.fieldErrors.email && describe(state.fieldErrors.email)}
      />
      {signUp && (
        <TextField
          id="displayName"
          name="displayName"
          label={t('nameLabel')}
          autoComplete="name"
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          required
          value={state.displayName}
          onChange={(event) => onEdit('displayName', event.target.value)}
          error={state.fieldErrors.displayName && describe(state.fieldErrors.displayName)}
        />
      )}
      <Button type="submit" disabled={state.pending} aria-busy={state.pending || undefined}>
        {state.pending ? t('sending') : t('sendCode')}
      </Button>
      {switchLink && <p className="text-sm text-muted-foreground">{switchLink}</p>}
    </form>
  );
}
