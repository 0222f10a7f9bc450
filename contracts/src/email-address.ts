// One rule for an e-mail address wherever one is typed (sign-in, invitations, checkout, waitlist, contact), in the
// browser and in the services alike: deliberately simple — one @, no spaces or control characters, a dotted domain
// with sane labels and a top-level domain of at least two letters. Deliverability is proven by the e-mail we send,
// not by a clever pattern.

/** RFC 5321 caps a forward path at 254 characters and a local part at 64. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

const LOCAL_PART = /^[^\s@"(),:;<>[\\\]]+$/u;
const DOMAIN = /^(?=.{1,253}$)(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63}$/u;

export type EmailAddressProblem = 'required' | 'invalid' | 'tooLong';

/** How an address is kept and compared: trimmed and in lower case. */
export function normaliseEmailAddress(raw: string): string {
  return raw.trim().toLowerCase();
}

/** What is wrong with a typed address (after normalising it), or null when it is fine. */
export function emailAddressProblem(raw: unknown): EmailAddressProblem | null {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') return 'invalid';
  if (typeof raw !== 'string' || raw.trim() === '') return 'required';
  const email = normaliseEmailAddress(raw);
  if (email.length > EMAIL_MAX_LENGTH) return 'tooLong';
  const at = email.lastIndexOf('@');
  if (at <= 0 || at !== email.indexOf('@')) return 'invalid';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (
    local.length > EMAIL_LOCAL_PART_MAX_LENGTH ||
    !LOCAL_PART.test(local) ||
    local.startsWith('.') ||
    local.endsWith('.') ||
    local.includes('..')
  ) {
    return 'invalid';
  }
  return DOMAIN.test(domain) ? null : 'invalid';
}

export function isEmailAddress(raw: unknown): boolean {
  return emailAddressProblem(raw) === null;
}
