// Dates are formatted twice: by Node while the server renders, and by the browser while React hydrates. The two ICU
// builds disagree on spacing: Node writes a range as "8:00 – 11:30 PM" with thin and narrow no-break spaces
// (U+2009, U+202F), Chromium with plain ones, and React throws hydration error #418 on the difference. Every
// component takes its formatter from here, which writes plain spaces on both sides.
// eslint-disable-next-line no-restricted-imports -- the one place that wraps next-intl's formatter
import { useFormatter as useIntlFormatter } from 'next-intl';
import { useMemo } from 'react';

export type Formatter = ReturnType<typeof useIntlFormatter>;

const ICU_SPACES = /[\u2009\u202f]/g;

/** The same text with ICU's thin and narrow no-break spaces as the plain spaces browsers write. */
export function plainSpaces(text: string): string {
  return text.replace(ICU_SPACES, ' ');
}

/** next-intl's formatter, with dates and times that read the same on the server and in the browser. */
export function useFormatter(): Formatter {
  const format = useIntlFormatter();
  return useMemo(() => withPlainSpaces(format), [format]);
}

export function withPlainSpaces(format: Formatter): Formatter {
  return {
    ...format,
    dateTime: ((...args: Parameters<Formatter['dateTime']>) =>
      plainSpaces(format.dateTime(...args))) as Formatter['dateTime'],
    dateTimeRange: ((...args: Parameters<Formatter['dateTimeRange']>) =>
      plainSpaces(format.dateTimeRange(...args))) as Formatter['dateTimeRange'],
    relativeTime: ((...args: Parameters<Formatter['relativeTime']>) =>
      plainSpaces(format.relativeTime(...args))) as Formatter['relativeTime'],
  };
}
