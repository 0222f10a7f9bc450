// The rules of the event and ticket option forms, in two shapes: what the browser's inputs hold (strings,
// switches) for instant feedback in the person's language, and the JSON body the BFF checks in the spec's English
// before asking catalog, which checks again and stays the authority. Limits are @kassa/contracts'.
import {
  CATALOG_DESCRIPTION_MAX_LENGTH,
  CATALOG_NAME_MAX_LENGTH,
  LOCATION_LIMITS,
} from '@kassa/contracts/catalog-texts';
import { z } from 'zod';
import { fieldRules, SPEC_RULE_WORDS, type RuleWords } from '../components/ui/field-rules';
import { isTimeZone } from '@kassa/contracts/time-zones';
import { fromDateTimeLocal } from './date-time-local';
import type { EventInput, TextTranslation, TicketOptionInput } from './event-model';
import { EVENT_LOCALES } from './event-model';

export const EVENT_LIMITS = {
  name: CATALOG_NAME_MAX_LENGTH,
  description: CATALOG_DESCRIPTION_MAX_LENGTH,
  ...LOCATION_LIMITS,
} as const;

export type EventFieldKey =
  | 'name'
  | 'description'
  | 'startsAt'
  | 'endsAt'
  | 'ticketLimit'
  | 'address'
  | 'city'
  | 'postalCode'
  | 'country'
  | 'capacity'
  | 'language'
  | 'timeZone';
export type FieldLabels = Record<EventFieldKey, string>;

/** The fields' names in the spec's English, as catalog names them in its messages. */
export const SPEC_FIELD_LABELS: FieldLabels = {
  name: 'Name',
  description: 'Description',
  startsAt: 'Start',
  endsAt: 'End',
  ticketLimit: 'Ticket limit',
  address: 'Address',
  city: 'City',
  postalCode: 'Postal code',
  country: 'Country',
  capacity: 'Capacity',
  language: 'Language',
  timeZone: 'Time zone',
};

const COUNTRY = /^[A-Za-z]{2}$/;

interface RuleSet {
  labels: FieldLabels;
  words: RuleWords;
}

function textRules({ labels, words }: RuleSet) {
  const rule = (key: EventFieldKey) => fieldRules(labels[key], words);
  return {
    rule,
    name: (required: boolean) => rule('name').text({ required, max: EVENT_LIMITS.name }),
    description: () => rule('description').text({ max: EVENT_LIMITS.description }),
    location: () =>
      z.object({
        address: rule('address').text({ max: EVENT_LIMITS.address }),
        city: rule('city').text({ max: EVENT_LIMITS.city }),
        postalCode: rule('postalCode').text({ max: EVENT_LIMITS.postalCode }),
        country: rule('country').text({ pattern: COUNTRY }),
      }),
  };
}

const trimmedLocation = (location: { address: string; city: string; postalCode: string; country: string }) => ({
  address: location.address.trim(),
  city: location.city.trim(),
  postalCode: location.postalCode.trim(),
  country: location.country.trim().toUpperCase(),
});

/** A translation that says nothing is left out rather than sent empty. */
export function translationsOf(locale: string, translation: { name: string; description: string }): TextTranslation[] {
  const name = translation.name.trim();
  const description = translation.description.trim();
  return name || description ? [{ locale, name, description }] : [];
}

/** A whole number typed into an input, checked only while its Unlimited switch is off. */
function checkLimit(
  ctx: z.RefinementCtx,
  value: { unlimited: boolean; amount: string },
  path: string,
  number: ReturnType<ReturnType<typeof fieldRules>['number']>,
): number | null {
  if (value.unlimited) return null;
  const parsed = number.safeParse(value.amount);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', path: [path], message: parsed.error.issues[0]?.message ?? '' });
    return null;
  }
  return parsed.data as number;
}

// ---- The browser's forms -------------------------------------------------------------------------------------

export interface EventFormValues {
  name: string;
  description: string;
  /** datetime-local values, wall clocks in `timeZone`. */
  startsAt: string;
  endsAt: string;
  /** IANA zone the event's dates are in. */
  timeZone: string;
  unlimited: boolean;
  ticketLimit: string;
  location: { address: string; city: string; postalCode: string; country: string };
  /** The texts for the locale that is not the event's own. */
  translation: { name: string; description: string };
}

export interface FormRuleOptions extends RuleSet {
  /** The locale the form's translation fields are written in. */
  translationLocale: string;
}

/** The event form (create dialog and settings): its values in, an EventInput out. */
export function eventFormSchema({ labels, words, translationLocale }: FormRuleOptions) {
  const rules = textRules({ labels, words });
  const moment = (key: 'startsAt' | 'endsAt') =>
    rules
      .rule(key)
      .text({ required: true })
      .refine((value) => fromDateTimeLocal(value) !== undefined, { error: words.invalid(labels[key]) });
  return z
    .object({
      name: rules.name(true),
      description: rules.description(),
      startsAt: moment('startsAt'),
      endsAt: moment('endsAt'),
      timeZone: z.string().refine(isTimeZone, { error: words.invalid(labels.timeZone) }),
      unlimited: z.boolean(),
      ticketLimit: z.string(),
      location: rules.location(),
      translation: z.object({ name: rules.name(false), description: rules.description() }),
    })
    .transform((values, ctx): EventInput => {
      const startsAt = fromDateTimeLocal(values.startsAt, values.timeZone)!;
      const endsAt = fromDateTimeLocal(values.endsAt, values.timeZone)!;
      if (endsAt <= startsAt) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: words.invalid(labels.endsAt) });
      const ticketLimit = checkLimit(
        ctx,
        { unlimited: values.unlimited, amount: values.ticketLimit },
        'ticketLimit',
        rules.rule('ticketLimit').number({ required: true, integer: true, min: 1 }),
      );
      return {
        name: values.name.trim(),
        description: values.description.trim(),
        startsAt,
        endsAt,
        ticketLimit,
        location: trimmedLocation(values.location),
        translations: translationsOf(translationLocale, values.translation),
        timeZone: values.timeZone,
      };
    });
}

export interface TicketOptionFormValues {
  name: string;
  description: string;
  unlimited: boolean;
  capacity: string;
  translation: { name: string; description: string };
}

/** The ticket option dialog: its values in, a TicketOptionInput out. */
export function ticketOptionFormSchema({ labels, words, translationLocale }: FormRuleOptions) {
  const rules = textRules({ labels, words });
  return z
    .object({
      name: rules.name(true),
      description: rules.description(),
      unlimited: z.boolean(),
      capacity: z.string(),
      translation: z.object({ name: rules.name(false), description: rules.description() }),
    })
    .transform((values, ctx): TicketOptionInput => ({
      name: values.name.trim(),
      description: values.description.trim(),
      capacity: checkLimit(
        ctx,
        { unlimited: values.unlimited, amount: values.capacity },
        'capacity',
        rules.rule('capacity').number({ required: true, integer: true, min: 0 }),
      ),
      translations: translationsOf(translationLocale, values.translation),
    }));
}

// ---- The BFF's request bodies ---------------------------------------------------------------------------------

const SPEC: RuleSet = { labels: SPEC_FIELD_LABELS, words: SPEC_RULE_WORDS };

/** The translations of a request body (one per locale at most), in the given words. */
export function bodyTranslations({ labels, words }: RuleSet) {
  const rules = textRules({ labels, words });
  return z
    .array(
      z.object(
        {
          locale: z.enum(EVENT_LOCALES, { error: words.invalid(labels.language) }),
          name: rules.name(false).default(''),
          description: rules.description().default(''),
        },
        { error: words.invalid(labels.language) },
      ),
      { error: words.invalid(labels.language) },
    )
    .max(EVENT_LOCALES.length, { error: words.invalid(labels.language) })
    .default([]);
}

/** The largest count the catalog contract carries (an int32). */
export const MAX_COUNT = 2_147_483_647;

/** A count that may be unlimited: null (or left out) for unlimited, else a whole number of at least `min`. */
function optionalCount({ labels, words }: RuleSet, key: 'ticketLimit' | 'capacity', min: number) {
  return z
    .number({ error: words.invalid(labels[key]) })
    .int({ error: words.invalid(labels[key]) })
    .min(min, { error: words.minValue(min) })
    .max(MAX_COUNT, { error: words.invalid(labels[key]) })
    .nullable()
    .default(null);
}

function isoInstant({ labels, words }: RuleSet, key: 'startsAt' | 'endsAt') {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? words.required(labels[key]) : words.invalid(labels[key]),
    })
    .refine((value) => value !== '', { error: words.required(labels[key]), abort: true })
    .refine((value) => z.iso.datetime({ offset: true }).safeParse(value).success, { error: words.invalid(labels[key]) })
    .transform((value) => new Date(value).toISOString());
}

const EMPTY_LOCATION = { address: '', city: '', postalCode: '', country: '' };

/** POST and PUT bodies of an event, in the spec's words; dates are ISO instants with an offset. */
export function eventBodySchema(set: RuleSet = SPEC) {
  const rules = textRules(set);
  const location = rules.location();
  return z
    .object({
      name: rules.name(true),
      description: rules.description().default(''),
      startsAt: isoInstant(set, 'startsAt'),
      endsAt: isoInstant(set, 'endsAt'),
      ticketLimit: optionalCount(set, 'ticketLimit', 1),
      location: z
        .object(
          {
            address: location.shape.address.default(''),
            city: location.shape.city.default(''),
            postalCode: location.shape.postalCode.default(''),
            country: location.shape.country.default(''),
          },
          { error: set.words.invalid(set.labels.address) },
        )
        .default(EMPTY_LOCATION),
      translations: bodyTranslations(set),
      timeZone: z
        .string({ error: set.words.invalid(set.labels.timeZone) })
        .refine((zone) => zone === '' || isTimeZone(zone), { error: set.words.invalid(set.labels.timeZone) })
        .default(''),
    })
    .superRefine((body, ctx) => {
      if (body.endsAt <= body.startsAt)
        ctx.addIssue({ code: 'custom', path: ['endsAt'], message: set.words.invalid(set.labels.endsAt) });
    })
    .transform((body): EventInput => ({
      ...body,
      name: body.name.trim(),
      description: body.description.trim(),
      location: trimmedLocation(body.location),
    }));
}

/** POST and PUT bodies of a ticket option, in the spec's words. */
export function ticketOptionBodySchema(set: RuleSet = SPEC) {
  const rules = textRules(set);
  return z
    .object({
      name: rules.name(true),
      description: rules.description().default(''),
      capacity: optionalCount(set, 'capacity', 0),
      translations: bodyTranslations(set),
    })
    .transform((body): TicketOptionInput => ({
      ...body,
      name: body.name.trim(),
      description: body.description.trim(),
    }));
}

// ---- Answers from the server ----------------------------------------------------------------------------------

/**
 * Where a field message of the BFF belongs in a form: the forms send their one translation first, so
 * `translations.0.name` is the form's `translation.name`; other names are the form's own.
 */
export function formFieldOf(serverField: string): string {
  return serverField.replace(/^fields\./, '').replace(/^translations\.0\./, 'translation.');
}

const RULE_PATTERNS: [RegExp, (words: RuleWords, label: string, match: RegExpExecArray) => string][] = [
  [/^.+ is required$/, (words, label) => words.required(label)],
  [/^.+ is invalid$/, (words, label) => words.invalid(label)],
  [/^.+ is too long$/, (words, label) => words.tooLong(label)],
  [/^.+ must not be empty$/, (words, label) => words.notEmpty(label)],
  [/^ID is invalid$/, (words) => words.idInvalid()],
  [/^Minimum value is (-?\d+)$/, (words, _label, match) => words.minValue(Number(match[1]))],
  [/^At least (\d+) items are required$/, (words, _label, match) => words.minItems(Number(match[1]))],
];

/** The server answers in the spec's English; a known rule is said again in the person's language with the form's label. */
export function localizeRuleMessage(message: string, label: string, words: RuleWords): string {
  for (const [pattern, say] of RULE_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return say(words, label, match);
  }
  return message;
}
