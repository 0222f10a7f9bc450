import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { messages } from '@kassa/web/messages';
import { routing } from './routing';
import { DEFAULT_TIME_ZONE } from '@kassa/contracts/time-zones';

export default getRequestConfig(async ({ locale: explicitLocale, requestLocale }) => {
  // A locale passed explicitly (generateMetadata, e-mails) wins; awaiting requestLocale would read the request's
  // headers and stop the page from being prerendered.
  const requested = explicitLocale ?? (await requestLocale);
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: messages[locale],
    timeZone: DEFAULT_TIME_ZONE,
  };
});
