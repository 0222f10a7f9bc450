import { emailAddressProblem, normaliseEmailAddress } from '@kassa/contracts/email-address';
import { messages } from './messages';

export { EMAIL_MAX_LENGTH } from '@kassa/contracts/email-address';

export type EmailCheck = { ok: true; email: string } | { ok: false; message: string };

/** Trims and lower-cases an address and checks it (@kassa/contracts' rule), answering with the specification's wording. */
export function checkEmailAddress(raw: unknown, label = 'Email'): EmailCheck {
  const problem = emailAddressProblem(raw);
  if (problem !== null) return { ok: false, message: messages[problem](label) };
  return { ok: true, email: normaliseEmailAddress(raw as string) };
}
