// zod schemas whose messages are the spec's words (§5) for a named field: '{0} is required', '{0} is invalid',
// '{0} is too long', '{0} must not be empty', 'minimum value is {0}', 'at least {0} items are required'.
import { z } from 'zod';
import { isEmailAddress } from '@kassa/contracts/email-address';
import { messages } from '@kassa/contracts/messages';
import { EMAIL_MAX_LENGTH } from '../../lib/auth-rules';

/** How each rule is said; English (the spec's wording) by default, per locale through `useFieldRules`. */
export interface RuleWords {
  required(label: string): string;
  invalid(label: string): string;
  tooLong(label: string): string;
  notEmpty(label: string): string;
  idInvalid(): string;
  minValue(min: number): string;
  minItems(min: number): string;
}

export const SPEC_RULE_WORDS: RuleWords = {
  required: messages.required,
  invalid: messages.invalid,
  tooLong: messages.tooLong,
  notEmpty: messages.empty,
  idInvalid: () => messages.idInvalid,
  minValue: messages.minValue,
  minItems: messages.minItems,
};

/** The spec's generic form message (§5), shown above a form whose submit failed validation. */
export const GENERIC_FORM_MESSAGE = messages.genericForm;

export interface TextRule {
  /** An empty value is refused with '{0} is required' (otherwise it is allowed). */
  required?: boolean;
  /** Longer (after trimming) is refused with '{0} is too long'. */
  max?: number;
  /** A value that does not match is refused with '{0} is invalid'. */
  pattern?: RegExp;
}

export interface NumberRule {
  required?: boolean;
  min?: number;
  max?: number;
  integer?: boolean;
}

export { EMAIL_MAX_LENGTH };

/** Turns what an <input> holds ('' or a string) into a number, or undefined when nothing was typed. */
function toNumber(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (typeof value === 'string') return Number(value.trim().replace(',', '.'));
  return value;
}

/**
 * The rules for one field, with messages naming it: `fieldRules('Name').text({ required: true, max: 100 })`.
 * The label is what the person sees (already translated); `words` says the rules in their language.
 */
export function fieldRules(label: string, words: RuleWords = SPEC_RULE_WORDS) {
  const message = {
    required: words.required(label),
    invalid: words.invalid(label),
    tooLong: words.tooLong(label),
    notEmpty: words.notEmpty(label),
  };
  // A missing value is "required"; a value of the wrong kind is "invalid".
  const typeError = (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? message.required : message.invalid;

  /** Free text. Spaces around it do not count; only spaces is "must not be empty". */
  function text(rule: TextRule = {}) {
    return z
      .string({ error: typeError })
      .refine((value) => !rule.required || value !== '', { error: message.required, abort: true })
      .refine((value) => value === '' || value.trim() !== '', { error: message.notEmpty, abort: true })
      .refine((value) => rule.max === undefined || value.trim().length <= rule.max, {
        error: message.tooLong,
        abort: true,
      })
      .refine((value) => !rule.pattern || value.trim() === '' || rule.pattern.test(value.trim()), {
        error: message.invalid,
        abort: true,
      });
  }

  return {
    label,
    message,
    text,
    email(rule: Omit<TextRule, 'pattern'> = {}) {
      return text({ max: EMAIL_MAX_LENGTH, ...rule }).refine((value) => value.trim() === '' || isEmailAddress(value), {
        error: message.invalid,
        abort: true,
      });
    },
    /** A prefixed id (`evt_…`): anything else is 'ID is invalid'. */
    id(prefix: string) {
      return z
        .string({ error: words.idInvalid() })
        .regex(new RegExp(`^${prefix}_[A-Za-z0-9]+$`), { error: words.idInvalid() });
    },
    /** A number typed into an input (a decimal comma is accepted). */
    number(rule: NumberRule = {}) {
      let schema = z.number({ error: typeError });
      if (rule.integer) schema = schema.int({ error: message.invalid });
      if (rule.min !== undefined) schema = schema.min(rule.min, { error: words.minValue(rule.min) });
      if (rule.max !== undefined) schema = schema.max(rule.max, { error: message.tooLong });
      return rule.required ? z.preprocess(toNumber, schema) : z.preprocess(toNumber, schema.optional());
    },
    /** A list (checkboxes, items in a cart): empty is "must not be empty", fewer than `min` says how many are needed. */
    list<T extends z.ZodType>(item: T, rule: { min?: number } = {}) {
      const min = rule.min ?? 0;
      return z
        .array(item, { error: typeError })
        .refine((values) => min === 0 || values.length > 0, { error: message.notEmpty, abort: true })
        .refine((values) => values.length >= min, { error: words.minItems(min) });
    },
  };
}

export type FieldRules = ReturnType<typeof fieldRules>;

/** Rule words from a translator over the Ui.form messages (`{field}`, `{min}` placeholders). */
export function ruleWordsFrom(
  t: (
    key: 'required' | 'invalid' | 'tooLong' | 'notEmpty' | 'idInvalid' | 'minValue' | 'minItems',
    values?: Record<string, string | number>,
  ) => string,
): RuleWords {
  return {
    required: (label) => t('required', { field: label }),
    invalid: (label) => t('invalid', { field: label }),
    tooLong: (label) => t('tooLong', { field: label }),
    notEmpty: (label) => t('notEmpty', { field: label }),
    idInvalid: () => t('idInvalid'),
    minValue: (min) => t('minValue', { min }),
    minItems: (min) => t('minItems', { min }),
  };
}

/** What the alert above a form says: a server's message for the whole form wins; else the generic one after a failed submit. */
export function formAlertMessage(
  state: { submitCount: number; errorCount: number; rootMessage?: string },
  genericMessage: string,
): string | undefined {
  if (state.rootMessage) return state.rootMessage;
  if (state.submitCount > 0 && state.errorCount > 0) return genericMessage;
  return undefined;
}
