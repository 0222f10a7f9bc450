import '@kassa/web/styles.css';
import { SiteHeader } from '@kassa/web/components/site-header';
import { NotFoundScreen } from '@kassa/web/features/errors/not-found-screen';
import { ThemeProvider } from '@kassa/web/components/theme/theme-provider';
import { textDirection } from '@kassa/web/lib/text-direction';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { headers } from 'next/headers';
import { CurrentPathNotFound } from '../components/current-path-not-found';
import { LocaleSwitcher } from '../components/locale-switcher';
import { RuntimeReady } from '../components/site-runtime/runtime-ready';
import { Link } from '../i18n/navigation';
import { routing } from '../i18n/routing';
import { REQUEST_PATH_HEADER } from '../server/auth/identity-headers';
import { splitLocale } from '../server/site/route-guard';

// Paths no page claims land here (Next's global 404, experimental.globalNotFound), with the path the proxy saw.
// It is rendered only for such paths, so reading the request here leaves every other page prerenderable. Rendering the 404 here
// rather than from a catch-all page keeps it server-rendered: a notFound() thrown inside a page reaches the
// browser as a client-rendered error shell.
export default async function GlobalNotFound() {
  const path = (await headers()).get(REQUEST_PATH_HEADER);
  if (!path) {
    // Outside the proxy (paths with a file extension): no locale, English.
    return (
      <html lang="en">
        <body>
          <CurrentPathNotFound />
          <RuntimeReady />
        </body>
      </html>
    );
  }
  const { locale } = splitLocale(path, routing);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Common' });
  const tHeader = await getTranslations({ locale, namespace: 'Header' });
  const tNotFound = await getTranslations({ locale, namespace: 'NotFound' });
  return (
    <html lang={locale} dir={textDirection(locale)} suppressHydrationWarning>
      <body className="flex min-h-screen flex-col bg-background text-foreground antialiased">
        <title>{`${tNotFound('title')} · ${t('productTitle')}`}</title>
        <ThemeProvider>
          <NextIntlClientProvider locale={locale} messages={await getMessages({ locale })}>
            <SiteHeader title={t('productTitle')} homeHref="/" homeLabel={tHeader('home')} Link={Link}>
              <LocaleSwitcher />
            </SiteHeader>
            <main className="flex-1 px-4 py-8">
              <NotFoundScreen path={path} homeHref="/" Link={Link} />
            </main>
          </NextIntlClientProvider>
        </ThemeProvider>
        {/* This page is a document of its own, outside the locale layout's SiteRuntime: it says when it has hydrated too. */}
        <RuntimeReady />
      </body>
    </html>
  );
}
