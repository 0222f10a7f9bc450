import { isGrpcCallError, status } from '@kassa/platform/grpc';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { InvitationView } from '../../../../../../components/organisation-views';
import { requireSignedInUser } from '../../../../../../server/auth/dashboard-user';
import { organisationClientAs } from '../../../../../../server/clients/organisation-client';
import { toInvitationDetails } from '../../../../../../server/organisations/organisation-views';
import { isLinkToken } from '../../../../../../server/site/page-validity';
import { currentRequestMetadata } from '../../../../../../server/site/page-metadata';
import { ClientMessages } from '../../../../../../components/client-messages';
import { CLIENT_MESSAGES } from '../../../../../../server/site/client-messages';

type Props = { params: Promise<{ locale: string; token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Organisations.invitation' });
  // The URL holds a secret: no canonical link to it, and never indexed.
  const { alternates: _alternates, ...rest } = await currentRequestMetadata(locale);
  return { ...rest, title: t('title'), robots: { index: false, follow: false } };
}

/**
 * The link of an invitation e-mail. Under /account, so the proxy sends a signed-out invitee to sign in (or, from
 * there, sign up) and back here. Unknown, used, revoked or expired links get the friendly not-found.tsx (404).
 */
export default async function InvitationPage({ params }: Props) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const user = await requireSignedInUser(locale);
  if (!isLinkToken(token)) notFound();
  const answer = await organisationClientAs(user.id)
    .getInvitation({ token })
    .catch((error: unknown) => {
      if (isGrpcCallError(error) && (error.code === status.NOT_FOUND || error.code === status.INVALID_ARGUMENT))
        return null;
      throw error;
    });
  if (!answer) notFound();
  return (
    <ClientMessages namespaces={CLIENT_MESSAGES.invitation}>
      <InvitationView token={token} invitation={toInvitationDetails(answer)} signedInAs={user.email} />
    </ClientMessages>
  );
}
