// The sign-in form's field rules, shared by the screens (instant feedback) and the BFF (the authority).
// They answer with a rule name; each side turns it into words (the BFF in the spec's English, the UI per locale).

export type FieldRule = 'required' | 'invalid' | 'tooLong';
export type AuthField = 'email' | 'displayName' | 'code';

export const EMAIL_MAX_LENGTH = 254;
export const DISPLAY_NAME_MAX_LENGTH = 100;
export const CODE_LENGTH = 6;

// Deliberately loose: one @, something on both sides, a dot in the domain, no spaces. The e-mail itself proves the rest.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_PATTERN = /^\d{6}$/;

export function checkEmail(value: string): FieldRule | null {
  const email = value.trim();
  if (email === '') return 'required';
  if (email.length > EMAIL_MAX_LENGTH) return 'tooLong';
  if (!EMAIL_PATTERN.test(email)) return 'invalid';
  return null;
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
