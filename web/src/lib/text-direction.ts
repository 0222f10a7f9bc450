// Which way a language is written, for <html dir>. The spec lists the right-to-left ones.

/** Arabic, Central Kurdish (Sorani), Persian, Hebrew, Uyghur, Urdu. */
export const RTL_LANGUAGES: readonly string[] = ['ar', 'ckb', 'fa', 'he', 'ug', 'ur'];

export type TextDirection = 'ltr' | 'rtl';

/** 'ar', 'ar-EG', 'fa_IR' and 'HE' are rtl; everything else, including an empty tag, is ltr. */
export function textDirection(locale: string): TextDirection {
  // The language is the first subtag of a BCP 47 tag; accept '_' too, as some systems write it.
  const language = locale.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}
