import { toLocale, type Locale } from '@kassa/contracts/locales';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH } from '@kassa/contracts/public-forms';
import { Violations } from '@kassa/platform/errors';
import { checkEmailAddress } from '@kassa/platform/errors';

/**
 * Rate limits of the public forms, applied identically whether or not an address is known. Generous
 * for people (a family behind one router), tight enough that the forms cannot be used to flood an
 * inbox or the operators.
 */
export const WAITLIST_LIMIT_PER_IP = { limit: 30, windowSeconds: 15 * 60 } as const;
export const WAITLIST_LIMIT_PER_ADDRESS = { limit: 5, windowSeconds: 60 * 60 } as const;
export const CONTACT_LIMIT_PER_IP = { limit: 10, windowSeconds: 15 * 60 } as const;
export const CONTACT_LIMIT_PER_ADDRESS = { limit: 5, windowSeconds: 60 * 60 } as const;

export interface WaitlistSignUp {
  email: string;
  locale: Locale;
}

export interface ContactMessage {
  /** May be empty: the form asks for it, but an address is enough to answer. */
  name: string;
  email: string;
  message: string;
  /** The language the visitor wrote from; operators answer in it. */
  locale: Locale;
}

/** Checks a waitlist sign-up; throws one ValidationError naming every bad field. */
export function checkWaitlistSignUp(input: { email: unknown; locale: unknown }): WaitlistSignUp {
  const v = new Violations();
  const email = checkEmailAddress(input.email);
  if (!email.ok) v.add('email', email.message);
  v.throwIfAny();
  return {
    email: email.ok ? email.email : '',
    locale: toLocale(typeof input.locale === 'string' ? input.locale : undefined),
  };
}

/** Checks a contact form message; throws one ValidationError naming every bad field. */
export function checkContactMessage(input: {
  name: unknown;
  email: unknown;
  message: unknown;
  locale: unknown;
}): ContactMessage {
  const v = new Violations();
  const name = v.string('name', input.name, { label: 'Name', maxLength: CONTACT_NAME_MAX_LENGTH });
  const email = checkEmailAddress(input.email);
  if (!email.ok) v.add('email', email.message);
  const message = v.string('message', input.message, {
    label: 'Message',
    required: true,
    maxLength: CONTACT_MESSAGE_MAX_LENGTH,
  });
  v.throwIfAny();
  return {
    name,
    email: email.ok ? email.email : '',
    message,
    locale: toLocale(typeof input.locale === 'string' ? input.locale : undefined),
  };
}
