import { messages } from './messages';

/** RFC 5321 caps a forward path at 254 characters and a local part at 64. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

// One rule for every service that takes an address (sign-in, waitlist, contact, checkout): deliberately simple —
// one @, no spaces or control characters, a dotted domain with sane labels. Deliverability is proven by the
// e-mail we send, not by a clever pattern.
const LOCAL_PART = /^[^\s@"(),:;<>[\\\]]+$/u;
const DOMAIN = /^(?=.{1,253}$)(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63}$/u;

export type EmailCheck = { ok: true; email: string } | { ok: false; message: string };

/** Trims and lower-cases an address and checks it, answering with the specification's wording. */
export function checkEmailAddress(raw: unknown, label = 'Email'): EmailCheck {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') return { ok: false, message: messages.invalid(label) };
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, message: messages.required(label) };
  const email = raw.trim().toLowerCase();
  if (email.length > EMAIL_MAX_LENGTH) return { ok: false, message: messages.tooLong(label) };
  const at = email.lastIndexOf('@');
  if (at <= 0 || at !== email.indexOf('@')) return { ok: false, message: messages.invalid(label) };
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return { ok: false, message: messages.invalid(label) };
  }
  if (!DOMAIN.test(domain)) return { ok: false, message: messages.invalid(label) };
  return { ok: true, email };
}
