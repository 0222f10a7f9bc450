import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cookies } from 'next/headers';
import { AccountView } from '../../../../components/account-view';
import { toAccountSession } from '../../../../server/auth/account-session';
import { requireSignedInUser } from '../../../../server/auth/dashboard-user';
import { identityClient } from '../../../../server/clients/identity-client';
import { findSessionCookie } from '../../../../server/auth/session-cookies';
import { currentRequestMetadata } from '../../../../server/site/page-metadata';
import { ClientMessages } from '../../../../components/client-messages';
import { CLIENT_MESSAGES } from '../../../../server/site/client-messages';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Account' });
  return { ...(await currentRequestMetadata(locale)), title: t('title') };
}

export default async function AccountPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requireSignedInUser(locale);
  // A signed-in user has a session cookie: its token lists the sessions.
  const sessionToken = findSessionCookie(await cookies())!.value;
  const { sessions } = await identityClient().listSessions({ sessionToken });
  return (
    <ClientMessages namespaces={CLIENT_MESSAGES.account}>
      <AccountView user={user} sessions={sessions.map(toAccountSession)} dashboardHref="/o" />
    </ClientMessages>
  );
}
