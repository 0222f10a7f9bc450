import { Violations } from '@kassa/platform/errors';
import {
  MEMBER_NAME_MAX_LENGTH,
  ORGANISATION_DESCRIPTION_MAX_LENGTH,
  ORGANISATION_NAME_MAX_LENGTH,
} from '@kassa/contracts/organisations';
import { isCurrency } from '@kassa/contracts/currencies';
import { isLocale } from '@kassa/contracts/locales';
import { isTimeZone } from '@kassa/contracts/time-zones';

export interface OrganisationSettings {
  name: string;
  description: string;
  currency: string;
  defaultLocale: string;
  timeZone: string;
}

export interface OrganisationInput {
  name?: string;
  description?: string;
  currency?: string;
  defaultLocale?: string;
  timeZone?: string;
}

/**
 * The organisation's general settings, trimmed and checked; every violation at once (snake_case fields, the
 * spec's wording). An empty currency, locale or time zone takes the given fallback (creation: the defaults; update:
 * the current zone), otherwise each is required. A zone is taken exactly as spelled in the list ("europe/amsterdam"
 * is not one).
 */
export function checkOrganisationSettings(
  input: OrganisationInput,
  fallback?: { currency?: string; defaultLocale?: string; timeZone?: string },
): OrganisationSettings {
  const v = new Violations();
  const name = v.string('name', input.name, { label: 'Name', required: true, maxLength: ORGANISATION_NAME_MAX_LENGTH });
  const description = v.string('description', input.description, {
    label: 'Description',
    maxLength: ORGANISATION_DESCRIPTION_MAX_LENGTH,
  });
  const rawCurrency = (input.currency ?? '').trim() || fallback?.currency || '';
  const currency = v.string('currency', rawCurrency.toUpperCase(), {
    label: 'Currency',
    required: true,
    check: isCurrency,
  });
  const rawLocale = (input.defaultLocale ?? '').trim() || fallback?.defaultLocale || '';
  const defaultLocale = v.string('default_locale', rawLocale.toLowerCase(), {
    label: 'Language',
    required: true,
    check: isLocale,
  });
  // isTimeZone bounds the length too: an overlong name is as invalid as a misspelt one.
  const timeZone = v.string('time_zone', (input.timeZone ?? '').trim() || fallback?.timeZone || '', {
    label: 'Time zone',
    required: true,
    check: isTimeZone,
  });
  v.throwIfAny();
  return { name, description, currency, defaultLocale, timeZone };
}

export interface MemberName {
  firstName: string;
  lastName: string;
}

/** Optional given and family names (at most 100 characters each), added to `v` under first_name and last_name. */
export function checkMemberName(v: Violations, input: { firstName?: string; lastName?: string }): MemberName {
  const firstName = v.string('first_name', input.firstName, {
    label: 'First name',
    maxLength: MEMBER_NAME_MAX_LENGTH,
    check: noControlCharacters,
  });
  const lastName = v.string('last_name', input.lastName, {
    label: 'Last name',
    maxLength: MEMBER_NAME_MAX_LENGTH,
    check: noControlCharacters,
  });
  return { firstName: firstName.replace(/\s+/g, ' '), lastName: lastName.replace(/\s+/g, ' ') };
}

// eslint-disable-next-line no-control-regex
const noControlCharacters = (value: string): boolean => !/[\u0000-\u001f\u007f]/.test(value);

/** A member's name when nobody typed one: the account's display name, first word as given name. */
export function nameFromDisplayName(displayName: string): MemberName {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

/** The name shown for a member, e.g. in "Jane Doe invited you". */
export function fullName(name: MemberName, fallback = ''): string {
  return [name.firstName, name.lastName].filter(Boolean).join(' ') || fallback;
}
