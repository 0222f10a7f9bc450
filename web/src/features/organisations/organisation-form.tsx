'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Form, FormField, ruleWordsFrom, useZodForm } from '../../components/ui/form';
import { Input, controlClasses } from '../../components/ui/input';
import { TimeZoneSelect } from '../../components/ui/time-zone-select';
import { Textarea } from '../../components/ui/textarea';
import type { ApiResult } from '../../lib/api-result';
import { cn } from '../../lib/cn';
import { organisationSettingsSchema } from '../../lib/organisation-rules';
import {
  browserTimeZone,
  CURRENCIES,
  ORGANISATION_DESCRIPTION_MAX_LENGTH,
  ORGANISATION_LOCALES,
  ORGANISATION_NAME_MAX_LENGTH,
  type OrganisationSettingsInput,
} from '../../lib/organisations';
import { useFailureMessage } from './use-failure-message';

export interface OrganisationFormProps<T> {
  initial: OrganisationSettingsInput;
  /** Once mounted, the browser's own zone replaces `initial.timeZone` until the person picks one (creation). */
  suggestBrowserTimeZone?: boolean;
  /** Shows the values without letting them change (a member without "organisation.settings"). */
  readOnly?: boolean;
  submit(input: OrganisationSettingsInput): Promise<ApiResult<T>>;
  onSaved(data: T): void;
  /** The submit button's label, and while it is busy. */
  submitLabel: string;
  submittingLabel: string;
  /** Beside the submit button (a cancel link, say). */
  extraActions?: ReactNode;
  testId?: string;
}

/**
 * Name, description, currency, language and time zone: the form behind creating an organisation and its general
 * settings.
 */
export function OrganisationForm<T>({
  initial,
  suggestBrowserTimeZone = false,
  readOnly = false,
  submit,
  onSaved,
  submitLabel,
  submittingLabel,
  extraActions,
  testId,
}: OrganisationFormProps<T>) {
  const t = useTranslations('Organisations');
  const tRules = useTranslations('Ui.form');
  const describeFailure = useFailureMessage();
  const schema = useMemo(
    () =>
      organisationSettingsSchema(
        {
          name: t('fields.name'),
          description: t('fields.description'),
          currency: t('fields.currency'),
          defaultLocale: t('fields.defaultLocale'),
          timeZone: t('fields.timeZone'),
        },
        ruleWordsFrom(tRules),
      ),
    [t, tRules],
  );
  const form = useZodForm(schema, { defaultValues: initial });
  const { isSubmitting } = form.formState;

  // Only the browser knows its zone: the server-rendered form shows initial.timeZone, and hydration must match it.
  useEffect(() => {
    if (suggestBrowserTimeZone && !form.getFieldState('timeZone').isDirty)
      form.resetField('timeZone', { defaultValue: browserTimeZone() });
  }, [suggestBrowserTimeZone, form]);

  const onSubmit = async (values: OrganisationSettingsInput) => {
    const result = await submit(values);
    if (result.ok) {
      form.reset(values);
      onSaved(result.data);
      return;
    }
    for (const [field, message] of Object.entries(result.fields)) {
      if (field in initial) form.setError(field as keyof OrganisationSettingsInput, { message });
    }
    form.setError('root', { message: describeFailure(result) });
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="max-w-xl" data-testid={testId}>
      <fieldset disabled={readOnly || isSubmitting} className="flex flex-col gap-4">
        <FormField name="name" label={t('fields.name')} description={readOnly ? undefined : t('fields.nameHint')}>
          <Input maxLength={ORGANISATION_NAME_MAX_LENGTH} autoComplete="organization" />
        </FormField>
        <FormField
          name="description"
          label={t('fields.description')}
          description={readOnly ? undefined : t('fields.descriptionHint')}
        >
          <Textarea maxLength={ORGANISATION_DESCRIPTION_MAX_LENGTH} rows={3} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            name="currency"
            label={t('fields.currency')}
            description={readOnly ? undefined : t('fields.currencyHint')}
          >
            <select className={cn(controlClasses, 'h-10')}>
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            name="defaultLocale"
            label={t('fields.defaultLocale')}
            description={readOnly ? undefined : t('fields.defaultLocaleHint')}
          >
            <select className={cn(controlClasses, 'h-10')}>
              {ORGANISATION_LOCALES.map((code) => (
                <option key={code} value={code}>
                  {t(`locales.${code}`)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormField
          name="timeZone"
          label={t('fields.timeZone')}
          description={readOnly ? undefined : t('fields.timeZoneHint')}
        >
          <TimeZoneSelect />
        </FormField>
      </fieldset>
      {!readOnly && (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" loading={isSubmitting} data-testid="organisation-form-submit">
            {isSubmitting ? submittingLabel : submitLabel}
          </Button>
          {extraActions}
        </div>
      )}
    </Form>
  );
}
