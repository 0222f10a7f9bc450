import { DEFAULT_LOCALE } from '@kassa/contracts/locales';
import { messages, type MessageLocale, type Messages } from '@kassa/web/messages';

/** A top-level namespace of the message catalogue (`web/messages/<locale>/*.json`). */
export type MessageNamespace = keyof Messages;

/**
 * The namespaces each part of the site hands to the browser. A client component reads its messages from the nearest
 * NextIntlClientProvider, and a provider's messages are written into every page under it: the whole catalogue is
 * about 70 KB, most of a public page's HTML. So the document gives only what its runtime and error screen use, the
 * not-found and forbidden screens their own, the public site's frame what its header uses, and each public page what
 * its own client components use, the public shop page included. The dashboards (the shop's too), the scanner and the
 * guest's order pages still get every namespace (`'all'`).
 * `bff/test/unit/client-messages.test.ts` walks each file's client imports and fails when a list lacks a namespace.
 */
export const CLIENT_MESSAGES = {
  /** app/[locale]/layout.tsx: the runtime (new-version notice, social sign-in's popup) and the error screen. */
  document: ['Common', 'ErrorPage', 'Site', 'Social'],
  /** app/[locale]/not-found.tsx and forbidden.tsx, each its own. */
  notFound: ['Common', 'Header', 'NotFound'],
  forbidden: ['Common', 'Errors', 'Header', 'Organisations', 'Ui'],
  /** (site)/layout.tsx: the header's language switch and account menu. */
  siteFrame: ['Dashboard', 'Header'],
  landing: ['Errors', 'Marketing', 'Validation'],
  contact: ['Errors', 'Marketing', 'Validation'],
  legal: [],
  docs: [],
  event: [],
  signIn: ['Auth', 'Errors', 'Social', 'Validation'],
  signUp: ['Auth', 'Errors', 'Social', 'Validation'],
  account: ['Account', 'Auth', 'Errors', 'Header', 'Social', 'Ui', 'Validation'],
  invitation: ['Errors', 'Organisations', 'Ui'],
  /** s/[shopId]/page.tsx, the public shop (its header is the site frame's): upcoming, password gate, items, cart. */
  shop: ['Checkout', 'PublicShop', 'Ui'],
} as const satisfies Record<string, readonly MessageNamespace[]>;

export type ClientMessagesOf = readonly MessageNamespace[] | 'all';

/** The messages of `namespaces` in `locale` (every namespace for 'all'). */
export function clientMessages(locale: string, namespaces: ClientMessagesOf): Partial<Messages> {
  const catalogue = messages[(locale in messages ? locale : DEFAULT_LOCALE) as MessageLocale];
  if (namespaces === 'all') return catalogue;
  return Object.fromEntries(namespaces.map((namespace) => [namespace, catalogue[namespace]])) as Partial<Messages>;
}
