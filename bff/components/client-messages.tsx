import { NextIntlClientProvider } from 'next-intl';
import { getLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { type ClientMessagesOf, clientMessages } from '../server/site/client-messages';

/**
 * Gives the client components below it the messages of `namespaces` only (server/site/client-messages.ts says
 * why). A provider replaces the one above it: list what the subtree's client components use, not more.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: ClientMessagesOf; children: ReactNode }) {
  const locale = await getLocale();
  return <NextIntlClientProvider messages={clientMessages(locale, namespaces)}>{children}</NextIntlClientProvider>;
}
