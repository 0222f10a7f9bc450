import { DocsScreen } from '@kassa/web/features/dashboard/docs-screen';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cookies } from 'next/headers';
import { Link } from '../../../../i18n/navigation';
import { findSessionCookie } from '../../../../server/auth/session-cookies';
import { findSessionUser } from '../../../../server/auth/session-user';
import { currentRequestMetadata } from '../../../../server/site/page-metadata';
import { ClientMessages } from '../../../../components/client-messages';
import { CLIENT_MESSAGES } from '../../../../server/site/client-messages';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Docs' });
  return { ...(await currentRequestMetadata(locale)), title: t('title') };
}

/** /docs: the getting-started guide the user menu's "Documentation" opens; public. */
export default async function DocsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const cookie = findSessionCookie(await cookies());
  // A guide page must not fail because identity is briefly away: then it simply offers sign-up.
  const user = cookie ? await findSessionUser(cookie.value).catch(() => null) : null;
  return (
    <ClientMessages namespaces={CLIENT_MESSAGES.docs}>
      <DocsScreen dashboardHref={user ? '/o' : undefined} Link={Link} />
    </ClientMessages>
  );
}
