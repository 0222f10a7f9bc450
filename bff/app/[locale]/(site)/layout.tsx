import { SiteHeader } from '@kassa/web/components/site-header';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LocaleSwitcher } from '../../../components/locale-switcher';
import { SiteAccount } from '../../../components/site-account';
import { Link } from '../../../i18n/navigation';
import { ClientMessages } from '../../../components/client-messages';
import { CLIENT_MESSAGES } from '../../../server/site/client-messages';

/**
 * The public site's frame: the header with the product title, the language switch and the visitor's account. The
 * header gets its own messages; each page below gives its client components theirs (other segments that borrow this
 * frame, every namespace from their own layout).
 */
export default async function SiteLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  // Every layout sets the locale itself, so that next-intl never reads the request and public pages can be prerendered.
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Common' });
  const tHeader = await getTranslations({ locale, namespace: 'Header' });
  return (
    <>
      <ClientMessages namespaces={CLIENT_MESSAGES.siteFrame}>
        <SiteHeader title={t('productTitle')} homeHref="/" homeLabel={tHeader('home')} Link={Link}>
          <LocaleSwitcher />
          <SiteAccount
            signInLink={
              <Link
                href="/sign-in"
                className="text-sm font-medium text-secondary underline underline-offset-4 hover:decoration-2"
              >
                {tHeader('signIn')}
              </Link>
            }
          />
        </SiteHeader>
      </ClientMessages>
      <main className="flex-1 px-4 py-8">{children}</main>
    </>
  );
}
