import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { DEFAULT_TIME_ZONE } from '@kassa/contracts/time-zones';
import { messages } from '../../src/messages';

export const messagesByLocale = messages;
export type TestLocale = keyof typeof messagesByLocale;

/** Server-renders a screen inside the same provider the BFF uses, in the given locale. */
export function render(locale: TestLocale, element: ReactElement): string {
  return renderToString(
    <NextIntlClientProvider locale={locale} messages={messagesByLocale[locale]} timeZone={DEFAULT_TIME_ZONE}>
      {element}
    </NextIntlClientProvider>,
  );
}

/** The visible text, tags removed and entities decoded, with whitespace collapsed. */
export function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The label text of the input with the given id. */
export function labelFor(html: string, id: string): string | undefined {
  return new RegExp(`<label[^>]*for="${id}"[^>]*>([^<]*)</label>`).exec(html)?.[1];
}

/** The attributes of the element with the given id, as a record. */
export function attributesOf(html: string, id: string): Record<string, string> {
  const tag = new RegExp(`<[a-z]+[^>]*\\sid="${id}"[^>]*>`).exec(html)?.[0] ?? '';
  return Object.fromEntries(
    [...tag.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].slice(1).map((match) => [match[1]!, match[2] ?? '']),
  );
}
