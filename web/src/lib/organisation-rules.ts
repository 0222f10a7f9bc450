// The forms of organisations and members as zod schemas, shared by the screens (instant feedback, in the viewer's
// language) and the BFF (the spec's English, before identity checks everything once more).
import { z } from 'zod';
import { fieldRules, SPEC_RULE_WORDS, type RuleWords } from '../components/ui/field-rules';
import {
  CURRENCIES,
  isTimeZone,
  MEMBER_NAME_MAX_LENGTH,
  ORGANISATION_DESCRIPTION_MAX_LENGTH,
  ORGANISATION_LOCALES,
  ORGANISATION_NAME_MAX_LENGTH,
  PERMISSIONS,
} from './organisations';

/** The fields' names as the person reads them; the spec's English by default (the BFF's answers). */
export interface OrganisationFieldLabels {
  name: string;
  description: string;
  currency: string;
  defaultLocale: string;
  timeZone: string;
}

export interface MemberFieldLabels {
  email: string;
  firstName: string;
  lastName: string;
  permissions: string;
}

export const SPEC_ORGANISATION_LABELS: OrganisationFieldLabels = {
  name: 'Name',
  description: 'Description',
  currency: 'Currency',
  defaultLocale: 'Language',
  timeZone: 'Time zone',
};
export const SPEC_MEMBER_LABELS: MemberFieldLabels = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  permissions: 'Permissions',
};

const trimmed = <T extends z.ZodType<string>>(schema: T) => schema.transform((value: string) => value.trim());

/** One of a fixed list of words: absent is '{0} is required', anything else outside the list '{0} is invalid'. */
function oneOf(values: readonly string[], label: string, words: RuleWords) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? words.required(label) : words.invalid(label),
    })
    .refine((value) => value !== '', { error: words.required(label), abort: true })
    .refine((value) => values.includes(value), { error: words.invalid(label) });
}

/** An IANA zone spelled exactly as listed; absent or '' leaves the choice to identity, so it is never "required". */
function optionalTimeZone(label: string, words: RuleWords) {
  return z
    .string({ error: words.invalid(label) })
    .refine((value) => value === '' || isTimeZone(value), { error: words.invalid(label) })
    .default('');
}

/** Name (required), description, currency, default language and time zone of an organisation. */
export function organisationSettingsSchema(
  labels: OrganisationFieldLabels = SPEC_ORGANISATION_LABELS,
  words: RuleWords = SPEC_RULE_WORDS,
) {
  return z.object({
    name: trimmed(fieldRules(labels.name, words).text({ required: true, max: ORGANISATION_NAME_MAX_LENGTH })),
    description: trimmed(
      fieldRules(labels.description, words).text({ max: ORGANISATION_DESCRIPTION_MAX_LENGTH }),
    ).default(''),
    currency: oneOf(CURRENCIES, labels.currency, words),
    defaultLocale: oneOf(ORGANISATION_LOCALES, labels.defaultLocale, words),
    timeZone: optionalTimeZone(labels.timeZone, words),
  });
}

function memberNames(labels: MemberFieldLabels, words: RuleWords) {
  return {
    firstName: trimmed(fieldRules(labels.firstName, words).text({ max: MEMBER_NAME_MAX_LENGTH })).default(''),
    lastName: trimmed(fieldRules(labels.lastName, words).text({ max: MEMBER_NAME_MAX_LENGTH })).default(''),
  };
}

/** At least one known permission. */
function permissionList(labels: MemberFieldLabels, words: RuleWords) {
  const item = z
    .string({ error: words.invalid(labels.permissions) })
    .refine((value) => (PERMISSIONS as readonly string[]).includes(value), {
      error: words.invalid(labels.permissions),
    });
  return fieldRules(labels.permissions, words).list(item, { min: 1 });
}

/** An invitation: e-mail address (required), optional names, and the permissions the invitee will get. */
export function inviteSchema(labels: MemberFieldLabels = SPEC_MEMBER_LABELS, words: RuleWords = SPEC_RULE_WORDS) {
  return z.object({
    email: trimmed(fieldRules(labels.email, words).email({ required: true })),
    ...memberNames(labels, words),
    permissions: permissionList(labels, words),
  });
}

/** A member's names and permissions (the permissions replace the current set). */
export function memberChangesSchema(
  labels: MemberFieldLabels = SPEC_MEMBER_LABELS,
  words: RuleWords = SPEC_RULE_WORDS,
) {
  return z.object({ ...memberNames(labels, words), permissions: permissionList(labels, words) });
}
