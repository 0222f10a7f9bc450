'use client';
// The last part of the shop's cart: the guest's e-mail, the mailing opt-in and the Checkout button. One submit at a
// time (the button is disabled while it runs, and a second click in the same moment is ignored); the idempotency
// key is made once per attempt and sent again unchanged when the first answer was lost, so a retry finds the order
// the first try placed instead of placing a second one.
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { Input } from '../../components/ui/input';
import type { ApiResult } from '../../lib/api-result';
import { checkEmail, EMAIL_MAX_LENGTH } from '../../lib/auth-rules';
import {
  connectionFailure,
  createSubmitGate,
  submitOutcome,
  type CheckoutInput,
  type CheckoutResult,
} from '../../lib/checkout';
import { ruleFromServerMessage } from '../../lib/public-form-rules';

export interface CheckoutFormProps {
  /** The cart's lines, code and donation, as the cart holds them now. */
  items: CheckoutInput['items'];
  discountCode: string;
  donationMinor: number;
  /** The total as last priced; null while unknown. 0 says that no payment follows. */
  totalMinor: number | null;
  /** False until the stored cart has been read. */
  ready: boolean;
  checkout: (input: CheckoutInput) => Promise<ApiResult<CheckoutResult>>;
  /** The order is placed: go where the answer says (the provider's page, or the order page). */
  onCheckedOut: (result: CheckoutResult) => void;
  /** Field messages of the cart's own fields (discountCode, donationMinor), already translated, for the cart to show beside them. */
  onCartFieldErrors?: (fields: Record<string, string>) => void;
}

const CART_FIELDS = ['discountCode', 'donationMinor'] as const;

export function CheckoutForm({
  items,
  discountCode,
  donationMinor,
  totalMinor,
  ready,
  checkout,
  onCheckedOut,
  onCartFieldErrors,
}: CheckoutFormProps) {
  const t = useTranslations('Checkout');
  const tForm = useTranslations('Ui.form');
  const locale = useLocale();
  const [email, setEmail] = useState('');
  const [subscribe, setSubscribe] = useState(false);
  const [emailError, setEmailError] = useState('');
  const [alert, setAlert] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const gate = useRef(createSubmitGate());

  // Back from the provider's page, the browser may restore this page as it was left: busy. Make it usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const emailLabel = t('email');
  const labelOf = (field: string): string | undefined => {
    if (field === 'email') return emailLabel;
    if (field === 'discountCode' || field === 'donationMinor' || field === 'subscribe') return t(`labels.${field}`);
    return undefined;
  };
  /** The BFF answers in the spec's English; said again in the guest's language where the rule and field are known. */
  const translate = (field: string, message: string): string => {
    if (field === 'items' || field.startsWith('items.'))
      return message === 'Checkout needs at least one item' ? t('needsItem') : t('itemsChanged');
    const rule = ruleFromServerMessage(message);
    const label = labelOf(field);
    return rule && label ? tForm(rule, { field: label }) : message;
  };
  const emailMessage = (value: string): string => {
    const rule = checkEmail(value);
    return rule ? tForm(rule, { field: emailLabel }) : '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clientError = emailMessage(email);
    setEmailError(clientError);
    if (clientError) {
      setAlert([tForm('generic')]);
      return;
    }
    const input: Omit<CheckoutInput, 'idempotencyKey'> = {
      items,
      subscribe,
      email: email.trim(),
      discountCode,
      donationMinor,
      locale,
    };
    const idempotencyKey = gate.current.begin(JSON.stringify(input));
    if (idempotencyKey === null) return;
    setPending(true);
    setAlert([]);
    onCartFieldErrors?.({});
    const result = await checkout({ ...input, idempotencyKey });
    gate.current.finish(result.ok ? 'definitive' : submitOutcome(result.status));
    if (result.ok) {
      // The button stays busy: the page is about to be left.
      onCheckedOut(result.data);
      return;
    }
    setPending(false);
    if (result.status === 400 && Object.keys(result.fields).length > 0) {
      const cartFields: Record<string, string> = {};
      const others: string[] = [];
      let emailFromServer = '';
      for (const [field, message] of Object.entries(result.fields)) {
        const words = translate(field, message);
        if (field === 'email') emailFromServer = words;
        else if ((CART_FIELDS as readonly string[]).includes(field) && onCartFieldErrors) cartFields[field] = words;
        else if (!others.includes(words)) others.push(words);
      }
      setEmailError(emailFromServer);
      onCartFieldErrors?.(cartFields);
      setAlert([tForm('generic'), ...others]);
      return;
    }
    const lost = connectionFailure(result);
    if (lost) setAlert([t(lost)]);
    else if (result.status === 429) setAlert([t('tooMany')]);
    else if (result.status === 404) setAlert([t('closed')]);
    else if (result.status === 403) setAlert([t('locked')]);
    else setAlert([result.message || t('failed')]);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 border-t border-border pt-3"
      data-testid="checkout-form"
      aria-labelledby="checkout-title"
    >
      <h3 id="checkout-title" className="text-sm font-medium">
        {t('title')}
      </h3>
      {alert.length > 0 && (
        <FormAlert tone="error">
          {alert.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </FormAlert>
      )}
      <Field id="checkout-email" label={emailLabel} description={t('emailHint')} error={emailError || undefined}>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX_LENGTH}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            // A shown error goes as soon as the address is right, while typing: clearing it on blur instead would
            // move the Checkout button under the pointer that is clicking it.
            if (emailError && !emailMessage(event.target.value)) setEmailError('');
          }}
          onBlur={() => {
            if (email !== '') setEmailError(emailMessage(email));
          }}
          className="h-9"
        />
      </Field>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="subscribe"
          checked={subscribe}
          onChange={(event) => setSubscribe(event.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-primary"
          data-testid="checkout-subscribe"
        />
        <span>{t('subscribe')}</span>
      </label>
      <Button
        type="submit"
        size="lg"
        loading={pending}
        disabled={!ready || items.length === 0}
        aria-describedby="checkout-note"
        data-testid="checkout-submit"
      >
        {t('submit')}
      </Button>
      <p id="checkout-note" className="text-xs text-muted-foreground">
        {totalMinor === 0 ? t('free') : t('payNext')}
      </p>
    </form>
  );
}
