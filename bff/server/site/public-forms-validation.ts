// Request bodies of the public site's forms (waitlist, contact), checked with zod and answered in the spec's words.
import { DEFAULT_LOCALE, LOCALES } from '@kassa/contracts/locales';
import { messages } from '@kassa/platform/errors';
import { checkContactMessage, checkContactName, checkEmail, type FieldRule } from '@kassa/web/lib/public-form-rules';
import { z } from 'zod';

import { textField as sharedTextField } from '../auth/auth-validation';

export { checkBody } from '../auth/auth-validation';

/** The sign-in endpoints' string field rule, trimmed. */
function textField(label: string, rule: (value: string) => FieldRule | null) {
  return sharedTextField(label, rule).transform((value) => value.trim());
}

const locale = z.enum(LOCALES, { error: messages.invalid('Locale') }).default(DEFAULT_LOCALE);

export const waitlistBody = z.object({
  email: textField('Email', checkEmail),
  locale,
});
export type WaitlistBody = z.infer<typeof waitlistBody>;

export const contactBody = z.object({
  // Optional: left out, null or blank all mean "no name given".
  name: z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    textField('Name', checkContactName),
  ),
  email: textField('Email', checkEmail),
  message: textField('Message', checkContactMessage),
  locale,
});
export type ContactBody = z.infer<typeof contactBody>;
