// Request bodies of the sign-in endpoints, checked with zod and answered in the spec's words.
import { DEFAULT_LOCALE, LOCALES } from '@kassa/contracts/locales';
import { messages } from '@kassa/platform/errors';
import { checkCode, checkDisplayName, checkEmail, normalizeCode, type FieldRule } from '@kassa/web/lib/auth-rules';
import { z } from 'zod';

function ruleMessage(rule: FieldRule, label: string): string {
  if (rule === 'required') return messages.required(label);
  if (rule === 'tooLong') return messages.tooLong(label);
  return messages.invalid(label);
}

/** A string field: absent → '{label} is required', not a string → '{label} is invalid', then the field's own rule. */
export function textField(label: string, rule: (value: string) => FieldRule | null) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? messages.required(label) : messages.invalid(label),
    })
    .superRefine((value, ctx) => {
      const broken = rule(value);
      if (broken) ctx.addIssue({ code: 'custom', message: ruleMessage(broken, label) });
    });
}

export const signInCodeBody = z.object({
  email: textField('Email', checkEmail).transform((email) => email.trim()),
  purpose: z.enum(['sign-in', 'sign-up'], { error: messages.invalid('Purpose') }),
  displayName: textField('Name', (value) => checkDisplayName(value, false))
    .transform((name) => name.trim())
    .optional(),
  locale: z.enum(LOCALES, { error: messages.invalid('Locale') }).default(DEFAULT_LOCALE),
});
export type SignInCodeBody = z.infer<typeof signInCodeBody>;

export const verifyBody = z.object({
  code: textField('Code', checkCode).transform(normalizeCode),
});
export type VerifyBody = z.infer<typeof verifyBody>;

export { checkBody, type BodyCheck } from '../request-body';
