// The sign-in form's field rules, shared by the screens (instant feedback) and the BFF (the authority).
// They answer with a rule name; each side turns it into words (the BFF in the spec's English, the UI per locale).
import { emailAddressProblem } from '@kassa/contracts/email-address';
import { DISPLAY_NAME_MAX_LENGTH } from '@kassa/contracts/organisations';

export type FieldRule = 'required' | 'invalid' | 'tooLong';
export type AuthField = 'email' | 'displayName' | 'code';

export { EMAIL_MAX_LENGTH } from '@kassa/contracts/email-address';
export { DISPLAY_NAME_MAX_LENGTH };
export const CODE_LENGTH = 6;

const CODE_PATTERN = /^\d{6}$/;

/** The services' own rule (@kassa/contracts), so the form never lets through an address identity refuses. */
export function checkEmail(value: string): FieldRule | null {
  return emailAddressProblem(value);
}

export function checkDisplayName(value: string, required: boolean): FieldRule | null {
  const name = value.trim();
  if (name === '') return required ? 'required' : null;
  if (name.length > DISPLAY_NAME_MAX_LENGTH) return 'tooLong';
  return null;
}

/** Spaces people paste along with the code are ignored. */
export function normalizeCode(value: string): string {
  return value.replace(/\s+/g, '');
}

export function checkCode(value: string): FieldRule | null {
  const code = normalizeCode(value);
  if (code === '') return 'required';
  if (!CODE_PATTERN.test(code)) return 'invalid';
  return null;
}
