// Event names in the guest's language: a translation's name when catalog has one for the locale, else the event's
// own name (which is in the organiser's language).

export interface NamedTranslation {
  locale: string;
  name: string;
}

export function localisedName(
  event: { name: string; translations: readonly NamedTranslation[] },
  locale: string,
): string {
  const translated = event.translations.find(
    (translation) => translation.locale === locale && translation.name.trim() !== '',
  );
  return translated?.name ?? event.name;
}
