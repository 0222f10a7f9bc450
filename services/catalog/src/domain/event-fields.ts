import { Violations, messages } from '@kassa/platform/errors';
import { isCountryCode } from './countries';
import { LOCATION_LIMITS } from '@kassa/contracts/catalog-texts';
import { isTimeZone } from '@kassa/contracts/time-zones';
import { DESCRIPTION_MAX, NAME_MAX, type Translation, checkTranslations } from './translations';

export interface Location {
  address: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2 in capitals, or '' when not given. */
  country: string;
}

/** What an organiser sends (the shape of kassa.catalog.v1.EventFields). */
export interface EventFieldsInput {
  name: string;
  description: string;
  startsAt?: Date;
  endsAt?: Date;
  /** Unset for unlimited. */
  ticketLimit?: number;
  translations: readonly Partial<Translation>[];
  location?: Partial<Location>;
  /** IANA zone its dates are in; '' or unset keeps the event's zone (a new event: its organisation's). */
  timeZone?: string;
}

/** The checked, normalised editable values of an event. */
export interface EventValues {
  name: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  /** null = unlimited. */
  ticketLimit: number | null;
  translations: Translation[];
  location: Location;
  /** IANA zone its dates are shown and edited in. */
  timeZone: string;
}

const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime());

/**
 * Validates an event's fields with the specification's messages. Field names are the JSON/form names the BFF
 * uses (name, startsAt, translations.0.name, location.city, …) so it can show each message beside its field.
 */
export function checkEventFields(input: EventFieldsInput | undefined, currentTimeZone: string): EventValues {
  const violations = new Violations();
  const fields: Partial<EventFieldsInput> = input ?? {};
  const name = violations.string('name', fields.name, { label: 'Name', required: true, maxLength: NAME_MAX });
  const description = violations.string('description', fields.description, {
    label: 'Description',
    maxLength: DESCRIPTION_MAX,
  });

  const startsAt = fields.startsAt;
  const endsAt = fields.endsAt;
  if (!isDate(startsAt)) violations.add('startsAt', messages.required('Start'));
  if (!isDate(endsAt)) violations.add('endsAt', messages.required('End'));
  else if (isDate(startsAt) && endsAt.getTime() <= startsAt.getTime())
    violations.add('endsAt', messages.invalid('End'));

  const ticketLimit =
    fields.ticketLimit === undefined || fields.ticketLimit === null
      ? null
      : violations.int('ticketLimit', fields.ticketLimit, { label: 'Ticket limit', min: 1 });
  const translations = checkTranslations(violations, fields.translations);
  const location = checkLocation(violations, fields.location ?? {});
  const timeZone = fields.timeZone === undefined || fields.timeZone === '' ? currentTimeZone : fields.timeZone;
  if (!isTimeZone(timeZone)) violations.add('timeZone', messages.invalid('Time zone'));

  violations.throwIfAny();
  return {
    name,
    description,
    startsAt: startsAt as Date,
    endsAt: endsAt as Date,
    ticketLimit,
    translations,
    location,
    timeZone,
  };
}

function checkLocation(violations: Violations, input: Partial<Location>): Location {
  const address = violations.string('location.address', input.address, {
    label: 'Address',
    maxLength: LOCATION_LIMITS.address,
  });
  const city = violations.string('location.city', input.city, { label: 'City', maxLength: LOCATION_LIMITS.city });
  const postalCode = violations.string('location.postalCode', input.postalCode, {
    label: 'Postal code',
    maxLength: LOCATION_LIMITS.postalCode,
  });
  const country = violations.string(
    'location.country',
    typeof input.country === 'string' ? input.country.toUpperCase() : input.country,
    {
      label: 'Country',
      check: isCountryCode,
    },
  );
  return { address, city, postalCode, country };
}
