import { type Violations, messages } from '@kassa/platform/errors';

/** The locales guests can read Kassa in; an event's own texts are its default, translations add these. */
export const LOCALES = ['en', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 5000;

export interface Translation {
  locale: string;
  name: string;
  description: string;
}

/**
 * Checks `translations.<i>.*` (locale en or nl, at most one per locale, name and description lengths) and returns
 * them trimmed; an entry with neither name nor description says nothing and is dropped.
 */
export function checkTranslations(violations: Violations, input: readonly Partial<Translation>[] | undefined): Translation[] {
  const seen = new Set<string>();
  const result: Translation[] = [];
  (input ?? []).forEach((entry, index) => {
    const field = `translations.${index}`;
    const locale = violations.string(`${field}.locale`, entry.locale, {
      label: 'Language',
      required: true,
      check: (value) => (LOCALES as readonly string[]).includes(value),
    });
    if (locale && seen.has(locale)) violations.add(`${field}.locale`, messages.invalid('Language'));
    seen.add(locale);
    const name = violations.string(`${field}.name`, entry.name, { label: 'Name', maxLength: NAME_MAX });
    const description = violations.string(`${field}.description`, entry.description, { label: 'Description', maxLength: DESCRIPTION_MAX });
    if (name || description) result.push({ locale, name, description });
  });
  return result;
}

/** The name and description a visitor reads: their locale's translation where it says something, else the own texts. */
export function textsIn(locale: string, own: { name: string; description: string; translations: readonly Translation[] }): { name: string; description: string } {
  const translation = own.translations.find((candidate) => candidate.locale === locale);
  return { name: translation?.name || own.name, description: translation?.description || own.description };
}
