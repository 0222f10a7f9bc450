// Page metadata. The shared part is static so that public pages can be prerendered; pages rendered per request
// (signed-in areas, pages that read their query) add the canonical link built from the URL the visitor asked for.
import { canonicalUrl } from '@kassa/web/lib/canonical';
import { documentTitle, pageTitle } from '@kassa/web/lib/page-title';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { routing } from '../../i18n/routing';
import { readBffConfig } from '../bff-config';
import { REQUEST_PATH_HEADER } from '../auth/identity-headers';
import { appOrigin } from '../request-context';
import { localizePath, splitLocale } from './route-guard';
import { REQUEST_SEARCH_HEADER } from './site-headers';

/** What every page shares and needs no request for: the title template and the description. */
export function siteMetadata({ productTitle, description }: { productTitle: string; description: string }): Metadata {
  const { publicOrigin } = readBffConfig();
  return {
    ...(publicOrigin ? { metadataBase: new URL(publicOrigin) } : {}),
    title: { default: productTitle, template: `%s · ${productTitle}` },
    description,
  };
}

/** A prerendered page's canonical link: its own path in its locale (it has no query to keep). */
export function staticCanonical(locale: string, path: string): Metadata['alternates'] {
  return { canonical: localizePath(path, locale, routing) };
}

export interface RequestMetadataInput {
  locale: string;
  productTitle: string;
  requestHeaders: Headers;
}

/**
 * For pages rendered per request: for a route that sets no title, its last path segment as the title; and the
 * canonical link: this path with only the whitelisted query parameters, absolute.
 */
export function requestMetadata({ locale, productTitle, requestHeaders }: RequestMetadataInput): Metadata {
  const path = requestHeaders.get(REQUEST_PATH_HEADER) ?? localizePath('/', locale, routing);
  const search = requestHeaders.get(REQUEST_SEARCH_HEADER) ?? '';
  const origin = appOrigin(
    { url: `http://${requestHeaders.get('host') ?? 'localhost'}/`, headers: requestHeaders },
    readBffConfig(),
  );
  const fallbackTitle = pageTitle(undefined, splitLocale(path, routing).path);
  return {
    metadataBase: new URL(origin),
    title: { default: documentTitle(fallbackTitle, productTitle), template: `%s · ${productTitle}` },
    alternates: { canonical: canonicalUrl({ pathname: path, search, origin }) },
  };
}

/** requestMetadata for the current request, for a page's or layout's generateMetadata. */
export async function currentRequestMetadata(locale: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Common' });
  return requestMetadata({ locale, productTitle: t('productTitle'), requestHeaders: await headers() });
}
