'use client';
// The event's editable fields: used by the create dialog and the Settings tab.
import { useTranslations } from 'next-intl';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { FormAlert } from '../../components/ui/form-alert';
import { Input } from '../../components/ui/input';
import { TimeZoneSelect } from '../../components/ui/time-zone-select';
import { Skeleton } from '../../components/ui/skeleton';
import { Textarea } from '../../components/ui/textarea';
import type { ApiResult } from '../../lib/api-result';
import { DEFAULT_TIME_ZONE } from '@kassa/contracts/time-zones';
import { toDateTimeLocal } from '../../lib/date-time-local';
import { type EventInput, type EventView, otherLocale, translationFor } from '../../lib/event-model';
import { type EventFormValues, eventFormSchema } from '../../lib/event-rules';
import { CountField, showFailure, useMounted, useRuleSet } from './form-support';

export interface EventFormProps {
  /** The event being edited; a new one when absent. */
  event?: EventView;
  /** The locale of the event's own texts (the organisation's default); the form also asks for the other one. */
  ownLocale: string;
  /** A new event's time zone until the form picks another (the organisation's). */
  defaultTimeZone?: string;
  readOnly?: boolean;
  submitLabel: string;
  submittingLabel: string;
  onSubmit(input: EventInput): Promise<ApiResult<unknown>>;
  /** After a successful save. */
  onSaved?(): void;
  /** Say "saved" under the form after a successful save (the settings page stays where it is). */
  confirmSaved?: boolean;
  /** Extra buttons beside submit (Cancel in the dialog). */
  secondaryAction?: ReactNode;
}

function valuesOf(event: EventView | undefined, translationLocale: string, defaultTimeZone: string): EventFormValues {
  const timeZone = event?.timeZone || defaultTimeZone;
  return {
    name: event?.name ?? '',
    description: event?.description ?? '',
    startsAt: toDateTimeLocal(event?.startsAt, timeZone),
    endsAt: toDateTimeLocal(event?.endsAt, timeZone),
    timeZone,
    unlimited: event ? event.ticketLimit === null : true,
    ticketLimit: event?.ticketLimit === null || event?.ticketLimit === undefined ? '' : String(event.ticketLimit),
    location: { ...(event?.location ?? { address: '', city: '', postalCode: '', country: '' }) },
    translation: translationFor(event?.translations ?? [], translationLocale),
  };
}

/** The form appears once in the browser (its zone list is the browser's; the server renders a placeholder). */
export function EventForm(props: EventFormProps) {
  return useMounted() ? (
    <EventFormFields {...props} />
  ) : (
    <Skeleton className="h-96 w-full" data-testid="event-form-loading" />
  );
}

function EventFormFields({
  event,
  ownLocale,
  defaultTimeZone = DEFAULT_TIME_ZONE,
  readOnly = false,
  submitLabel,
  submittingLabel,
  onSubmit,
  onSaved,
  confirmSaved,
  secondaryAction,
}: EventFormProps) {
  const t = useTranslations('Events.form');
  const tLanguages = useTranslations('Events.languages');
  const tErrors = useTranslations('Events.errors');
  const ruleSet = useRuleSet();
  const translationLocale = otherLocale(ownLocale);
  const schema = useMemo(() => eventFormSchema({ ...ruleSet, translationLocale }), [ruleSet, translationLocale]);
  const form = useZodForm(schema, { defaultValues: valuesOf(event, translationLocale, defaultTimeZone) });
  const zone = form.watch('timeZone');
  const [saved, setSaved] = useState(false);
  const own = tLanguages(ownLocale === 'nl' ? 'nl' : 'en');
  const other = tLanguages(translationLocale);

  const submit = async (input: EventInput) => {
    setSaved(false);
    const result = await onSubmit(input);
    if (!result.ok) {
      showFailure(form, result, ruleSet, tErrors('unexpected'));
      return;
    }
    setSaved(Boolean(confirmSaved));
    onSaved?.();
  };

  const section = (title: string, children: ReactNode, hint?: string) => (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {hint && <p className="-mt-2 text-sm text-muted-foreground">{hint}</p>}
      {children}
    </fieldset>
  );

  return (
    <Form form={form} onSubmit={submit} data-testid="event-form">
      {saved && <FormAlert tone="notice">{t('saved')}</FormAlert>}
      <fieldset disabled={readOnly || form.formState.isSubmitting} className="flex min-w-0 flex-col gap-5">
        {section(
          t('sections.ownTexts', { language: own }),
          <>
            <FormField<EventFormValues> name="name" label={t('name')}>
              <Input autoComplete="off" maxLength={120} />
            </FormField>
            <FormField<EventFormValues> name="description" label={t('description')}>
              <Textarea rows={4} />
            </FormField>
          </>,
        )}
        {section(
          t('sections.translation', { language: other }),
          <>
            <FormField<EventFormValues>
              name="translation.name"
              id={`translation-name-${translationLocale}`}
              label={`${t('name')} (${other})`}
            >
              <Input autoComplete="off" lang={translationLocale} maxLength={120} />
            </FormField>
            <FormField<EventFormValues>
              name="translation.description"
              id={`translation-description-${translationLocale}`}
              label={`${t('description')} (${other})`}
            >
              <Textarea rows={3} lang={translationLocale} />
            </FormField>
          </>,
          t('translationHint', { language: other }),
        )}
        {section(
          t('sections.schedule'),
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField<EventFormValues> name="startsAt" label={t('startsAt')} description={t('timeZoneHint', { zone })}>
              <Input type="datetime-local" />
            </FormField>
            <FormField<EventFormValues> name="endsAt" label={t('endsAt')}>
              <Input type="datetime-local" />
            </FormField>
            <FormField<EventFormValues>
              name="timeZone"
              label={t('timeZone')}
              description={t('timeZoneDescription')}
              className="sm:col-span-2"
            >
              <TimeZoneSelect data-testid="event-time-zone" />
            </FormField>
          </div>,
        )}
        {section(
          t('sections.tickets'),
          <CountField
            name="ticketLimit"
            unlimitedName="unlimited"
            label={t('ticketLimit')}
            hint={t('ticketLimitHint')}
            unlimitedLabel={t('unlimited')}
            min={1}
          />,
        )}
        {section(
          t('sections.location'),
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField<EventFormValues> name="location.address" label={t('address')} className="sm:col-span-2">
              <Input autoComplete="off" />
            </FormField>
            <FormField<EventFormValues> name="location.postalCode" label={t('postalCode')}>
              <Input autoComplete="off" />
            </FormField>
            <FormField<EventFormValues> name="location.city" label={t('city')}>
              <Input autoComplete="off" />
            </FormField>
            <FormField<EventFormValues> name="location.country" label={t('country')} description={t('countryHint')}>
              <Input autoComplete="off" maxLength={2} className="max-w-24 uppercase" />
            </FormField>
          </div>,
        )}
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
