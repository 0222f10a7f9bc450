import { LegalScreen } from '@kassa/web/features/marketing/legal-screen';
import { MarketingFooter } from '@kassa/web/features/marketing/marketing-footer';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '../../../../i18n/navigation';
import { staticCanonical } from '../../../../server/site/page-metadata';
import { ClientMessages } from '../../../../components/client-messages';
import { CLIENT_MESSAGES } from '../../../../server/site/client-messages';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Marketing.meta.terms' });
  return { title: t('title'), description: t('description'), alternates: staticCanonical(locale, '/terms') };
}

export default async function TermsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <ClientMessages namespaces={CLIENT_MESSAGES.legal}>
      <LegalScreen document="terms" contactHref="/contact" Link={Link} />
      <MarketingFooter termsHref="/terms" privacyHref="/privacy" contactHref="/contact" Link={Link} />
    </ClientMessages>
  );
}
