import { SiteHeader } from '@kassa/web/components/site-header';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CreateOrganisationView } from '../../../../components/organisation-views';
import { LocaleSwitcher } from '../../../../components/locale-switcher';
import { Link } from '../../../../i18n/navigation';
import { requireSignedInUser } from '../../../../server/auth/dashboard-user';
import { organisationClientAs } from '../../../../server/clients/organisation-client';
import { dashboardHomePath } from '../../../../server/organisations/organisation-home';
import { currentRequestMetadata } from '../../../../server/site/page-metadata';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Organisations.create' });
  return { ...(await currentRequestMetadata(locale)), title: t('title') };
}

/** /o/new: create an organisation. Someone without one lands here from "Dashboard" and is welcomed first. */
export default async function NewOrganisationPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requireSignedInUser(locale);
  const { organisations } = await organisationClientAs(user.id).listMyOrganisations({});
  const firstRun = organisations.length === 0;
  const t = await getTranslations({ locale, namespace: 'Common' });
  const tHeader = await getTranslations({ locale, namespace: 'Header' });
  const tAccount = await getTranslations({ locale, namespace: 'Account' });
  return (
    <>
      <SiteHeader title={t('productTitle')} homeHref="/" homeLabel={tHeader('home')} Link={Link}>
        <LocaleSwitcher />
        <Link
          href="/account"
          className="text-sm font-medium text-secondary underline underline-offset-4 hover:decoration-2"
        >
          {tAccount('title')}
        </Link>
      </SiteHeader>
      <main className="flex-1 px-4 py-8">
        <CreateOrganisationView
          firstRun={firstRun}
          defaultLocale={user.locale}
          cancelHref={firstRun ? undefined : await dashboardHomePath(user.id)}
        />
      </main>
    </>
  );
}
