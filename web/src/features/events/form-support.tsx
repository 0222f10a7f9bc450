'use client';
// What the event forms share: labels and rule words in the person's language, the Unlimited switch beside a
// number, and putting the server's field messages next to the right fields.
import { useTranslations } from 'next-intl';
import { useMemo, useSyncExternalStore } from 'react';
import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../components/ui/field';
import { ruleWordsFrom, type RuleWords } from '../../components/ui/field-rules';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import type { ApiFailure } from '../../lib/api-result';
import { type EventFieldKey, type FieldLabels, formFieldOf, localizeRuleMessage } from '../../lib/event-rules';

export interface RuleSet {
  labels: FieldLabels;
  words: RuleWords;
}

/** The form labels and rule words of the active locale. */
export function useRuleSet(): RuleSet {
  const t = useTranslations('Events.form');
  const tRules = useTranslations('Ui.form');
  return useMemo(() => {
    const keys: EventFieldKey[] = [
      'name',
      'description',
      'startsAt',
      'endsAt',
      'ticketLimit',
      'address',
      'city',
      'postalCode',
      'country',
      'capacity',
      'language',
      'timeZone',
    ];
    return {
      labels: Object.fromEntries(keys.map((key) => [key, t(key)])) as FieldLabels,
      words: ruleWordsFrom(tRules),
    };
  }, [t, tRules]);
}

/** False during the server render and hydration, true after: for values that depend on the browser (its time zone). */
export function useMounted(): boolean {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
}

const labelKeyOf = (formField: string, labels: Readonly<Record<string, string>>): string => {
  const last = formField.split('.').pop() ?? formField;
  return last in labels ? last : 'language';
};

/**
 * Shows a failed save on the form: field messages beside their fields (in the person's language when the rule is
 * known; the form then says the generic message above), anything else above the form.
 */
export function showFailure<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  failure: ApiFailure,
  { labels, words }: { labels: Readonly<Record<string, string>>; words: RuleWords },
  fallback: string,
  /** Where a server field goes in this form (the shop forms name some fields differently). */
  fieldOf: (serverField: string) => string = formFieldOf,
): void {
  const fields = Object.entries(failure.fields);
  const known = new Set(Object.keys(form.getValues()));
  let placed = 0;
  for (const [serverField, message] of fields) {
    const field = fieldOf(serverField);
    if (!known.has(field.split('.')[0]!)) continue;
    form.setError(field as Path<T>, {
      message: localizeRuleMessage(message, labels[labelKeyOf(field, labels)] ?? field, words),
    });
    placed += 1;
  }
  if (placed === 0 || placed < fields.length) form.setError('root', { message: failure.message || fallback });
}

export interface CountFieldProps {
  /** The number's field ('ticketLimit', 'capacity'). */
  name: string;
  /** The boolean field of its Unlimited switch. */
  unlimitedName: string;
  label: string;
  hint?: string;
  unlimitedLabel: string;
  min: number;
}

/** A whole number that can be unlimited: the switch on hides the number. */
export function CountField({ name, unlimitedName, label, hint, unlimitedLabel, min }: CountFieldProps) {
  const amount = useController({ name });
  const unlimited = useController({ name: unlimitedName });
  const id = name;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <Switch
          id={`${id}-unlimited`}
          checked={Boolean(unlimited.field.value)}
          onCheckedChange={(checked) => {
            unlimited.field.onChange(checked);
            if (checked) amount.field.onChange('');
          }}
        />
        <Label htmlFor={`${id}-unlimited`}>{unlimitedLabel}</Label>
      </div>
      {!unlimited.field.value && (
        <Field id={id} label={label} description={hint} error={amount.fieldState.error?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={min}
            step={1}
            name={amount.field.name}
            value={(amount.field.value as string) ?? ''}
            onChange={amount.field.onChange}
            onBlur={amount.field.onBlur}
            ref={amount.field.ref}
            className="max-w-40"
          />
        </Field>
      )}
    </div>
  );
}
