import {
  CATALOG_DESCRIPTION_MAX_LENGTH as DESCRIPTION_MAX,
  CATALOG_NAME_MAX_LENGTH as NAME_MAX,
} from '@kassa/contracts/catalog-texts';
import { isLocale } from '@kassa/contracts/locales';
import { type Violations, messages } from '@kassa/platform/errors';

// An event's own texts are in its organiser's language; translations add the other locales guests read Kassa in.

export {
  CATALOG_DESCRIPTION_MAX_LENGTH as DESCRIPTION_MAX,
  CATALOG_NAME_MAX_LENGTH as NAME_MAX,
} from '@kassa/contracts/catalog-texts';

export interface Translation {
  locale: string;
  name: string;
  description: string;
}

/**
 * Checks `translations.<i>.*` (locale en or nl, at most one per locale, name and description lengths) and returns
 * them trimmed; an entry with neither name nor description says nothing and is dropped.
 */
export function checkTranslations(
  violations: Violations,
  input: readonly Partial<Translation>[] | undefined,
): Translation[] {
  const seen = new Set<string>();
  const result: Translation[] = [];
  (input ?? []).forEach((entry, index) => {
    const field = `translations.${index}`;
    const locale = violations.string(`${field}.locale`, entry.locale, {
      label: 'Language',
      required: true,
      check: isLocale,
    });
    if (locale && seen.has(locale)) violations.add(`${field}.locale`, messages.invalid('Language'));
    seen.add(locale);
    const name = violations.string(`${field}.name`, entry.name, { label: 'Name', maxLength: NAME_MAX });
    const description = violations.string(`${field}.description`, entry.description, {
      label: 'Description',
      maxLength: DESCRIPTION_MAX,
    });
    if (name || description) result.push({ locale, name, description });
  });
  return result;
}

/** The name and description a visitor reads: their locale's translation where it says something, else the own texts. */
export function textsIn(
  locale: string,
  own: { name: string; description: string; translations: readonly Translation[] },
): { name: string; description: string } {
  const translation = own.translations.find((candidate) => candidate.locale === locale);
  return { name: translation?.name || own.name, description: translation?.description || own.description };
}
