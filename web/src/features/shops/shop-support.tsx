'use client';
// What the shop screens share: labels and rule words in the person's language, the window badge, moments and
// the checkbox list used to pick events and items.
import { useTranslations } from 'next-intl';
import { type ReactNode, useMemo } from 'react';
import { useController } from 'react-hook-form';
import { Badge } from '../../components/ui/badge';
import { ruleWordsFrom } from '../../components/ui/field-rules';
import { Label } from '../../components/ui/label';
import { StatusBadge } from '../../components/ui/status-badge';
import { Switch } from '../../components/ui/switch';
import { cn } from '../../lib/cn';
import type { ShopView } from '../../lib/shop-model';
import { type ShopFieldKey, type ShopFieldLabels, type ShopRuleSet, SPEC_SHOP_LABELS } from '../../lib/shop-rules';
import { useFormatter } from '../../lib/formatter';

/** The shop form labels and rule words of the active locale. */
export function useShopRuleSet(): ShopRuleSet {
  const t = useTranslations('Shops.form');
  const tRules = useTranslations('Ui.form');
  return useMemo(() => {
    const keys = Object.keys(SPEC_SHOP_LABELS) as ShopFieldKey[];
    return {
      labels: Object.fromEntries(keys.map((key) => [key, t(key)])) as ShopFieldLabels,
      words: ruleWordsFrom(tRules),
    };
  }, [t, tRules]);
}

const WINDOW_TONES = { upcoming: 'info', open: 'success', closed: 'neutral' } as const;

/** Where a public shop is in its window: Upcoming, Open or Closed. Nothing for a draft or deleted shop. */
export function WindowBadge({ window, className }: { window: string; className?: string }) {
  const t = useTranslations('Shops.window');
  if (window !== 'upcoming' && window !== 'open' && window !== 'closed') return null;
  return (
    <Badge tone={WINDOW_TONES[window]} data-window={window} className={className}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {t(window)}
    </Badge>
  );
}

/** A shop's status, and for a public one where it is in its window. */
export function ShopBadges({ shop, className }: { shop: Pick<ShopView, 'status' | 'window'>; className?: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <StatusBadge status={shop.status} className={className} />
      {shop.status === 'public' && <WindowBadge window={shop.window} className={className} />}
    </span>
  );
}

/** A moment in the active locale and time zone ("12 Mar 2027, 20:00"). */
export function Moment({ at, className }: { at: string; className?: string }) {
  const moment = useMomentText();
  const text = moment(at);
  if (!text) return null;
  return (
    <time dateTime={at} className={className}>
      {text}
    </time>
  );
}

/** A moment as Moment writes it, for a sentence ("From {date}"); '' for none or a malformed one. */
export function useMomentText(): (at: string) => string {
  const format = useFormatter();
  return (at) => {
    const date = new Date(at);
    return !at || Number.isNaN(date.getTime())
      ? ''
      : format.dateTime(date, { dateStyle: 'medium', timeStyle: 'short' });
  };
}

/** A sentence around a moment ("From 1 Jul 2027, 10:00"), marked up as a time for machines. */
export function MomentSentence({ at, sentence }: { at: string; sentence: (date: string) => string }) {
  const moment = useMomentText();
  return <time dateTime={at}>{sentence(moment(at))}</time>;
}

export interface CheckboxOption {
  id: string;
  label: string;
  hint?: string;
}

/** A list of checkboxes bound to a string[] field of the surrounding form (events granted, items a code applies to). */
export function CheckboxListField({
  name,
  legend,
  hint,
  options,
  empty,
}: {
  name: string;
  legend: string;
  hint?: string;
  options: CheckboxOption[];
  empty?: string;
}) {
  const { field, fieldState } = useController({ name });
  const selected = new Set((field.value as string[] | undefined) ?? []);
  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    field.onChange(options.map((option) => option.id).filter((option) => next.has(option)));
  };
  const error = fieldState.error?.message;
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? `${name}-error` : undefined}
      data-testid={`${name}-field`}
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint && <p className="-mt-1 text-sm text-muted-foreground">{hint}</p>}
      {options.length === 0 && empty ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <div
          className={cn(
            'flex max-h-48 flex-col gap-1 overflow-y-auto rounded-md border border-input p-2',
            error && 'border-destructive',
          )}
        >
          {options.map((option) => (
            <label
              key={option.id}
              className="flex cursor-pointer items-start gap-2 rounded px-2 py-1.5 text-sm hover:bg-muted"
            >
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={selected.has(option.id)}
                onChange={(event) => toggle(option.id, event.target.checked)}
                onBlur={field.onBlur}
              />
              <span className="flex flex-col">
                <span>{option.label}</span>
                {option.hint && <span className="text-xs text-muted-foreground">{option.hint}</span>}
              </span>
            </label>
          ))}
        </div>
      )}
      {error && (
        <p id={`${name}-error`} className="text-sm text-destructive" data-testid={`${name}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** An on/off switch bound to a boolean field of the surrounding form, with its label beside it and its hint below. */
export function SwitchField({
  name,
  label,
  description,
  onChange,
}: {
  name: string;
  label: string;
  description?: string;
  onChange?(checked: boolean): void;
}) {
  const { field } = useController({ name });
  const id = `${name}-switch`;
  const hintId = `${name}-hint`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <Switch
          id={id}
          checked={Boolean(field.value)}
          aria-describedby={description ? hintId : undefined}
          onCheckedChange={(checked) => {
            field.onChange(checked);
            onChange?.(checked);
          }}
        />
        <Label htmlFor={id}>{label}</Label>
      </div>
      {description && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
    </div>
  );
}

/** A titled group of fields, as in the event form. */
export function FormSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {hint && <p className="-mt-2 text-sm text-muted-foreground">{hint}</p>}
      {children}
    </fieldset>
  );
}
