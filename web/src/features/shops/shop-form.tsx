'use client';
// The shop's editable fields: used by the create dialog and the Settings tab.
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { FormAlert } from '../../components/ui/form-alert';
import { controlClasses, Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { Textarea } from '../../components/ui/textarea';
import type { ApiResult } from '../../lib/api-result';
import { cn } from '../../lib/cn';
import { toDateTimeLocal } from '../../lib/date-time-local';
import { otherLocale, translationFor } from '../../lib/event-model';
import { currencyDigits, minorToInput } from '../../lib/money-input';
import { CURRENCIES } from '../../lib/organisations';
import { DEFAULT_RESERVATION_MINUTES, type ShopInput, type ShopView } from '../../lib/shop-model';
import { type ShopFormValues, SHOP_LIMITS, shopFormFieldOf, shopFormSchema } from '../../lib/shop-rules';
import { browserTimeZone } from '../../lib/organisations';
import { showFailure, useMounted } from '../events/form-support';
import { FormSection, SwitchField, useShopRuleSet } from './shop-support';

export interface ShopFormProps {
  /** The shop being edited; a new one when absent. */
  shop?: ShopView;
  /** The locale of the shop's own texts (the organisation's default); the form also asks for the other one. */
  ownLocale: string;
  /** A new shop's currency (the organisation's). */
  defaultCurrency?: string;
  readOnly?: boolean;
  submitLabel: string;
  submittingLabel: string;
  onSubmit(input: ShopInput): Promise<ApiResult<unknown>>;
  onSaved?(): void;
  /** Say "saved" above the form after a successful save (the settings page stays where it is). */
  confirmSaved?: boolean;
  /** Extra buttons beside submit (Cancel in the dialog). */
  secondaryAction?: ReactNode;
}

function valuesOf(
  shop: ShopView | undefined,
  translationLocale: string,
  currency: string,
  locale: string,
): ShopFormValues {
  const digits = currencyDigits(shop?.currency ?? currency);
  return {
    name: shop?.name ?? '',
    description: shop?.description ?? '',
    opensAt: toDateTimeLocal(shop?.opensAt),
    closesAt: toDateTimeLocal(shop?.closesAt),
    currency: shop?.currency ?? currency,
    protect: shop?.passwordProtected ?? false,
    password: '',
    donationEnabled: shop?.donation.enabled ?? false,
    suggestedAmounts: (shop?.donation.suggestedAmountsMinor ?? [])
      .map((amount) => minorToInput(amount, digits, locale))
      .join(' '),
    allowCustomAmount: shop?.donation.allowCustomAmount ?? false,
    reservationMinutes: String(shop?.reservationMinutes || DEFAULT_RESERVATION_MINUTES),
    showComingSoon: shop?.showComingSoon ?? false,
    translation: translationFor(shop?.translations ?? [], translationLocale),
  };
}

/** The date inputs speak the browser's time zone, which the server does not know: the form appears once in the browser. */
export function ShopForm(props: ShopFormProps) {
  return useMounted() ? (
    <ShopFormFields {...props} />
  ) : (
    <Skeleton className="h-96 w-full" data-testid="shop-form-loading" />
  );
}

function ShopFormFields({
  shop,
  ownLocale,
  defaultCurrency = 'EUR',
  readOnly = false,
  submitLabel,
  submittingLabel,
  onSubmit,
  onSaved,
  confirmSaved,
  secondaryAction,
}: ShopFormProps) {
  const t = useTranslations('Shops.form');
  const tLanguages = useTranslations('Events.languages');
  const tErrors = useTranslations('Shops.errors');
  const locale = useLocale();
  const ruleSet = useShopRuleSet();
  const translationLocale = otherLocale(ownLocale);
  const currency = shop?.currency ?? defaultCurrency;
  const schema = useMemo(
    () =>
      shopFormSchema({
        ...ruleSet,
        translationLocale,
        digits: currencyDigits(currency),
        hasPassword: shop?.passwordProtected ?? false,
      }),
    [ruleSet, translationLocale, currency, shop?.passwordProtected],
  );
  const form = useZodForm(schema, { defaultValues: valuesOf(shop, translationLocale, currency, locale) });
  const [protect, donationEnabled] = useWatch({ control: form.control, name: ['protect', 'donationEnabled'] });
  const [saved, setSaved] = useState(false);
  const own = tLanguages(ownLocale === 'nl' ? 'nl' : 'en');
  const other = tLanguages(translationLocale);

  const submit = async (input: ShopInput) => {
    setSaved(false);
    const result = await onSubmit(input);
    if (!result.ok) {
      showFailure(form, result, ruleSet, tErrors('unexpected'), shopFormFieldOf);
      return;
    }
    setSaved(Boolean(confirmSaved));
    if (confirmSaved) form.reset({ ...form.getValues(), password: '' });
    onSaved?.();
  };

  return (
    <Form form={form} onSubmit={submit} data-testid="shop-form">
      {saved && <FormAlert tone="notice">{t('saved')}</FormAlert>}
      <fieldset disabled={readOnly || form.formState.isSubmitting} className="flex min-w-0 flex-col gap-5">
        <FormSection title={t('sections.ownTexts', { language: own })}>
          <FormField<ShopFormValues> name="name" label={t('name')}>
            <Input autoComplete="off" maxLength={120} />
          </FormField>
          <FormField<ShopFormValues> name="description" label={t('description')}>
            <Textarea rows={4} />
          </FormField>
        </FormSection>
        <FormSection
          title={t('sections.translation', { language: other })}
          hint={t('translationHint', { language: other })}
        >
          <FormField<ShopFormValues>
            name="translation.name"
            id={`shop-translation-name-${translationLocale}`}
            label={`${t('name')} (${other})`}
          >
            <Input autoComplete="off" lang={translationLocale} maxLength={120} />
          </FormField>
          <FormField<ShopFormValues>
            name="translation.description"
            id={`shop-translation-description-${translationLocale}`}
            label={`${t('description')} (${other})`}
          >
            <Textarea rows={3} lang={translationLocale} />
          </FormField>
        </FormSection>
        <FormSection title={t('sections.window')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField<ShopFormValues>
              name="opensAt"
              label={t('opensAt')}
              description={t('timeZoneHint', { zone: browserTimeZone() })}
            >
              <Input type="datetime-local" />
            </FormField>
            <FormField<ShopFormValues> name="closesAt" label={t('closesAt')}>
              <Input type="datetime-local" />
            </FormField>
          </div>
          <SwitchField name="showComingSoon" label={t('showComingSoon')} description={t('showComingSoonHint')} />
        </FormSection>
        <FormSection title={t('sections.access')}>
          {shop ? (
            <p className="text-sm text-muted-foreground" data-testid="shop-currency">
              {t('currencyFixed', { currency })}
            </p>
          ) : (
            <FormField<ShopFormValues> name="currency" label={t('currency')} description={t('currencyHint')}>
              <select className={cn(controlClasses, 'h-10 max-w-40')}>
                {CURRENCIES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          <SwitchField
            name="protect"
            label={t('protect')}
            onChange={(checked) => !checked && form.setValue('password', '')}
          />
          {protect && (
            <FormField<ShopFormValues>
              name="password"
              label={t('password')}
              description={shop?.passwordProtected ? t('passwordKeepHint') : t('passwordHint')}
            >
              <Input
                type="password"
                autoComplete="new-password"
                maxLength={SHOP_LIMITS.passwordMax}
                className="max-w-sm"
              />
            </FormField>
          )}
          <FormField<ShopFormValues>
            name="reservationMinutes"
            label={t('reservationMinutes')}
            description={t('reservationHint')}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={SHOP_LIMITS.reservationMin}
              max={SHOP_LIMITS.reservationMax}
              step={1}
              className="max-w-32"
            />
          </FormField>
        </FormSection>
        <FormSection title={t('sections.donation')}>
          <SwitchField name="donationEnabled" label={t('donationEnabled')} />
          {donationEnabled && (
            <>
              <FormField<ShopFormValues>
                name="suggestedAmounts"
                label={`${t('suggestedAmounts')} (${currency})`}
                description={t('suggestedAmountsHint')}
              >
                <Input autoComplete="off" inputMode="decimal" className="max-w-sm" />
              </FormField>
              <SwitchField name="allowCustomAmount" label={t('allowCustomAmount')} />
            </>
          )}
        </FormSection>
      </fieldset>
      {!readOnly && (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {secondaryAction}
          <Button type="submit" loading={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? submittingLabel : submitLabel}
          </Button>
        </div>
      )}
    </Form>
  );
}
