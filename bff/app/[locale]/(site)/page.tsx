import { LandingScreen } from '@kassa/web/features/marketing/landing-screen';
import { MarketingFooter } from '@kassa/web/features/marketing/marketing-footer';
import { documentTitle } from '@kassa/web/lib/page-title';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { WaitlistFormContainer } from '../../../components/marketing-forms';
import { Link } from '../../../i18n/navigation';
import { staticCanonical } from '../../../server/site/page-metadata';
import { ClientMessages } from '../../../components/client-messages';
import { CLIENT_MESSAGES } from '../../../server/site/client-messages';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Marketing.meta.home' });
  const tCommon = await getTranslations({ locale, namespace: 'Common' });
  // The layout's title template applies to pages below it, not to this page beside it: spell the full title out.
  return {
    title: { absolute: documentTitle(t('title'), tCommon('productTitle')) },
    description: t('description'),
    alternates: staticCanonical(locale, '/'),
  };
}

export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <ClientMessages namespaces={CLIENT_MESSAGES.landing}>
      <LandingScreen
        signUpHref="/sign-up"
        contactHref="/contact"
        waitlistForm={<WaitlistFormContainer />}
        Link={Link}
      />
      <MarketingFooter termsHref="/terms" privacyHref="/privacy" contactHref="/contact" Link={Link} />
    </ClientMessages>
  );
}
