import '@kassa/web/styles.css';
import { ThemeProvider } from '@kassa/web/components/theme/theme-provider';
import { textDirection } from '@kassa/web/lib/text-direction';
import type { Metadata } from 'next';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { SiteRuntime } from '../../components/site-runtime/site-runtime';
import { PopupMarkerCleanup } from '../../components/social-sign-in';
import { routing } from '../../i18n/routing';
import { siteMetadata } from '../../server/site/page-metadata';
import { CLIENT_MESSAGES, clientMessages } from '../../server/site/client-messages';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale: requested } = await params;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'Common' });
  // Static on purpose: public pages are prerendered. Pages rendered per request add the canonical link themselves.
  return siteMetadata({ productTitle: t('productTitle'), description: t('tagline') });
}

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return (
    // next-themes sets the colour-mode class on <html> before React hydrates.
    <html lang={locale} dir={textDirection(locale)} suppressHydrationWarning>
      <body className="flex min-h-screen flex-col bg-background text-foreground antialiased">
        <ThemeProvider>
          {/* Only what the runtime and the error screens need: the site and the dashboards give their own below. */}
          <NextIntlClientProvider messages={clientMessages(locale, CLIENT_MESSAGES.document)}>
            {/* The site pages ((site)/layout.tsx) and the dashboards (o/, s/) bring their own frames. */}
            {children}
            <SiteRuntime />
            <PopupMarkerCleanup />
          </NextIntlClientProvider>
        </ThemeProvider>
      </body>
    </html>
  );
}
