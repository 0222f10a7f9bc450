import { Violations } from '@kassa/platform/errors';
import { DESCRIPTION_MAX, NAME_MAX, type Translation, checkTranslations } from './translations';

/** What an organiser sends (the shape of kassa.catalog.v1.TicketOptionFields). */
export interface TicketOptionFieldsInput {
  name: string;
  description: string;
  /** Unset for unlimited. */
  capacity?: number;
  translations: readonly Partial<Translation>[];
}

export interface TicketOptionValues {
  name: string;
  description: string;
  /** null = unlimited; 0 is allowed (an option that is not on sale yet). */
  capacity: number | null;
  translations: Translation[];
}

export function checkTicketOptionFields(input: TicketOptionFieldsInput | undefined): TicketOptionValues {
  const violations = new Violations();
  const fields: Partial<TicketOptionFieldsInput> = input ?? {};
  const name = violations.string('name', fields.name, { label: 'Name', required: true, maxLength: NAME_MAX });
  const description = violations.string('description', fields.description, {
    label: 'Description',
    maxLength: DESCRIPTION_MAX,
  });
  const capacity =
    fields.capacity === undefined || fields.capacity === null
      ? null
      : violations.int('capacity', fields.capacity, { label: 'Capacity', min: 0 });
  const translations = checkTranslations(violations, fields.translations);
  violations.throwIfAny();
  return { name, description, capacity, translations };
}
