'use client';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import type { ApiResult } from '../../lib/api-result';
import {
  checkContactInput,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  type ContactField,
  type ContactInput,
  type FieldRule,
} from '../../lib/public-form-rules';
import { describeFailure, type FormProblem } from './form-problems';
import { useFormWords } from './use-form-words';

export interface ContactFormProps {
  /** Sends the message to the BFF, which hands it to the operators' inbox. */
  sendMessage(input: ContactInput): Promise<ApiResult<unknown>>;
}

const FIELDS = ['name', 'email', 'message'] as const satisfies readonly ContactField[];

export interface ContactFormState {
  values: ContactInput;
  errors: Partial<Record<ContactField, FieldRule>>;
  problem: FormProblem | null;
  pending: boolean;
  /** The reply address of the message just sent; the form then shows its success state. */
  sentTo: string | null;
}

export const initialContactForm: ContactFormState = {
  values: { name: '', email: '', message: '' },
  errors: {},
  problem: null,
  pending: false,
  sentTo: null,
};

function focusFirstError(errors: Partial<Record<ContactField, FieldRule>>): void {
  const first = FIELDS.find((field) => errors[field]);
  if (first) document.getElementById(`contact-${first}`)?.focus();
}

/** The contact form: name (optional), e-mail address and message, with per-field errors and a success state. */
export function ContactForm({ sendMessage }: ContactFormProps) {
  const [state, setState] = useState<ContactFormState>(initialContactForm);
  const update = (change: Partial<ContactFormState>) => setState((current) => ({ ...current, ...change }));

  const submit = async () => {
    if (state.pending) return;
    const broken = checkContactInput(state.values);
    if (Object.keys(broken).length > 0) {
      update({ errors: broken, problem: { kind: 'genericForm' } });
      focusFirstError(broken);
      return;
    }
    const input = {
      name: state.values.name.trim(),
      email: state.values.email.trim(),
      message: state.values.message.trim(),
    };
    update({ pending: true, problem: null });
    const result = await sendMessage(input);
    if (result.ok) {
      setState({ ...initialContactForm, sentTo: input.email });
      return;
    }
    const failure = describeFailure(result, FIELDS);
    update({ pending: false, errors: failure.fields, problem: failure.form });
    focusFirstError(failure.fields);
  };

  return (
    <ContactFormView
      state={state}
      onChange={(field, value) =>
        setState((current) => ({
          ...current,
          values: { ...current.values, [field]: value },
          errors: { ...current.errors, [field]: undefined },
        }))
      }
      onSubmit={() => void submit()}
      onSendAnother={() => setState(initialContactForm)}
    />
  );
}

export interface ContactFormViewProps {
  state: ContactFormState;
  onChange(field: ContactField, value: string): void;
  onSubmit(): void;
  onSendAnother(): void;
}

/** What the contact form shows for a state: the fields with their errors, or the success message. */
export function ContactFormView({ state, onChange, onSubmit, onSendAnother }: ContactFormViewProps) {
  const t = useTranslations('Marketing.contact');
  const words = useFormWords();
  const labels: Record<ContactField, string> = {
    name: t('nameLabel'),
    email: t('emailLabel'),
    message: t('messageLabel'),
  };
  const errorFor = (field: ContactField) => {
    const rule = state.errors[field];
    return rule ? words.rule(rule, labels[field]) : undefined;
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  if (state.sentTo) {
    return (
      <div role="status" className="flex flex-col items-start gap-3" data-testid="contact-sent">
        <h2 className="text-xl font-semibold">{t('successTitle')}</h2>
        <p className="text-muted-foreground">{t('successBody', { email: state.sentTo })}</p>
        <Button variant="outline" onClick={onSendAnother}>
          {t('sendAnother')}
        </Button>
      </div>
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-labelledby="contact-title"
      data-testid="contact-form"
    >
      {state.problem && <FormAlert tone="error">{words.problem(state.problem)}</FormAlert>}
      <Field id="contact-name" label={labels.name} description={t('nameHint')} error={errorFor('name')}>
        <Input
          name="name"
          autoComplete="name"
          maxLength={CONTACT_NAME_MAX_LENGTH}
          value={state.values.name}
          onChange={(event) => onChange('name', event.target.value)}
        />
      </Field>
      <Field id="contact-email" label={labels.email} description={t('emailHint')} error={errorFor('email')}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX_LENGTH}
          required
          value={state.values.email}
          onChange={(event) => onChange('email', event.target.value)}
        />
      </Field>
      <Field id="contact-message" label={labels.message} description={t('messageHint')} error={errorFor('message')}>
        <Textarea
          name="message"
          rows={7}
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          required
          value={state.values.message}
          onChange={(event) => onChange('message', event.target.value)}
        />
      </Field>
      <Button type="submit" loading={state.pending} className="self-start">
        {state.pending ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
