'use client';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { Input } from '../../components/ui/input';
import type { ApiResult } from '../../lib/api-result';
import { checkEmail, EMAIL_MAX_LENGTH, type FieldRule } from '../../lib/public-form-rules';
import { describeFailure, type FormProblem } from './form-problems';
import { useFormWords } from './use-form-words';

export interface WaitlistFormProps {
  /** Sends the address to the BFF; the answer is the same whether or not it was on the list already. */
  joinWaitlist(input: { email: string }): Promise<ApiResult<unknown>>;
  privacyHref: string;
  Link?: LinkComponent;
}

export interface WaitlistFormState {
  email: string;
  fieldError: FieldRule | null;
  problem: FormProblem | null;
  pending: boolean;
  /** The address that was accepted; the form then shows its success state. */
  joined: string | null;
}

export const initialWaitlistForm: WaitlistFormState = {
  email: '',
  fieldError: null,
  problem: null,
  pending: false,
  joined: null,
};

/** The waitlist sign-up: one address, checked here for quick feedback and by the server for real. */
export function WaitlistForm({ joinWaitlist, privacyHref, Link }: WaitlistFormProps) {
  const [state, setState] = useState<WaitlistFormState>(initialWaitlistForm);
  const update = (change: Partial<WaitlistFormState>) => setState((current) => ({ ...current, ...change }));

  const submit = async () => {
    if (state.pending) return;
    const rule = checkEmail(state.email);
    if (rule) {
      update({ fieldError: rule, problem: { kind: 'genericForm' } });
      document.getElementById('waitlist-email')?.focus();
      return;
    }
    const email = state.email.trim();
    update({ pending: true, problem: null });
    const result = await joinWaitlist({ email });
    if (result.ok) {
      update({ pending: false, joined: email });
      return;
    }
    const failure = describeFailure(result, ['email'] as const);
    update({ pending: false, fieldError: failure.fields.email ?? null, problem: failure.form });
  };

  return (
    <WaitlistFormView
      state={state}
      onEmailChange={(email) => update({ email, fieldError: null })}
      onSubmit={() => void submit()}
      privacyHref={privacyHref}
      Link={Link}
    />
  );
}

export interface WaitlistFormViewProps {
  state: WaitlistFormState;
  onEmailChange(email: string): void;
  onSubmit(): void;
  privacyHref: string;
  Link?: LinkComponent;
}

/** What the waitlist form shows for a state: the form with its errors, or the success message. */
export function WaitlistFormView({
  state,
  onEmailChange,
  onSubmit,
  privacyHref,
  Link = PlainLink,
}: WaitlistFormViewProps) {
  const t = useTranslations('Marketing.waitlist');
  const words = useFormWords();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  if (state.joined) {
    return (
      <div
        role="status"
        className="flex flex-col gap-1 rounded-lg border border-primary/30 bg-success-muted p-4 text-left"
        data-testid="waitlist-joined"
      >
        <p className="font-semibold text-success">{t('successTitle')}</p>
        <p className="text-sm text-foreground">{t('successBody', { email: state.joined })}</p>
      </div>
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 text-left"
      aria-label={t('submit')}
      data-testid="waitlist-form"
    >
      {state.problem && <FormAlert tone="error">{words.problem(state.problem)}</FormAlert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          id="waitlist-email"
          label={t('emailLabel')}
          error={state.fieldError ? words.rule(state.fieldError, t('emailLabel')) : undefined}
          className="flex-1"
        >
          <Input
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={EMAIL_MAX_LENGTH}
            required
            value={state.email}
            onChange={(event) => onEmailChange(event.target.value)}
          />
        </Field>
        <Button type="submit" loading={state.pending} className="sm:mt-7">
          {state.pending ? t('submitting') : t('submit')}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {t.rich('privacy', {
          privacy: (chunks) => (
            <Link href={privacyHref} className="text-secondary underline underline-offset-4">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </form>
  );
}
