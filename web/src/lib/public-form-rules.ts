// The rules of the public site's forms (waitlist, contact), shared by the screens (instant feedback) and the
// BFF (the authority before notifications, which checks them once more). Rule names, not words: each side says them.
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH } from '@kassa/contracts/public-forms';
import { checkEmail, type FieldRule } from './auth-rules';

export { checkEmail, EMAIL_MAX_LENGTH, type FieldRule } from './auth-rules';

export { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH };

export type WaitlistField = 'email';
export type ContactField = 'name' | 'email' | 'message';

/** The name is optional: an address is enough to answer. */
export function checkContactName(value: string): FieldRule | null {
  return value.trim().length > CONTACT_NAME_MAX_LENGTH ? 'tooLong' : null;
}

export function checkContactMessage(value: string): FieldRule | null {
  const message = value.trim();
  if (message === '') return 'required';
  if (message.length > CONTACT_MESSAGE_MAX_LENGTH) return 'tooLong';
  return null;
}

export interface ContactInput {
  name: string;
  email: string;
  message: string;
}

/** Every broken rule of a contact message, by field; empty when it may be sent. */
export function checkContactInput(input: ContactInput): Partial<Record<ContactField, FieldRule>> {
  const broken: Partial<Record<ContactField, FieldRule>> = {};
  const name = checkContactName(input.name);
  if (name) broken.name = name;
  const email = checkEmail(input.email);
  if (email) broken.email = email;
  const message = checkContactMessage(input.message);
  if (message) broken.message = message;
  return broken;
}

const SPEC_RULES: [RegExp, FieldRule][] = [
  [/ is required$/, 'required'],
  [/ is invalid$/, 'invalid'],
  [/ is too long$/, 'tooLong'],
];

/** The BFF answers in the spec's English ('Email is invalid'); the rule behind it, to say it in the visitor's language. */
export function ruleFromServerMessage(message: string): FieldRule | null {
  return SPEC_RULES.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}
