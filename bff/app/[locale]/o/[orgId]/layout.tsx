import { setRequestLocale } from 'next-intl/server';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { OrganisationFrame } from '../../../../components/dashboard-frames';
import { requireOrganisationAccess } from '../../../../server/organisations/organisation-access';
import { organisationClientAs } from '../../../../server/clients/organisation-client';
import { currentRequestMetadata } from '../../../../server/site/page-metadata';

type Props = { children: ReactNode; params: Promise<{ locale: string; orgId: string }> };

/** Dashboard pages render per request: their canonical link keeps the whitelisted query (page, q, status). */
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  return currentRequestMetadata((await params).locale);
}

/**
 * The organiser dashboard around every /o/{orgId} page. Nothing renders before identity confirms that the
 * signed-in user is a member (an outsider gets the same 404 as for an organisation that does not exist);
 * pages that need a specific permission check it themselves.
 */
export default async function OrganisationLayout({ children, params }: Props) {
  const { locale, orgId } = await params;
  setRequestLocale(locale);
  const { user, organisation, permissions } = await requireOrganisationAccess(locale, orgId, '');
  const { organisations } = await organisationClientAs(user.id).listMyOrganisations({});
  const current = { id: orgId, name: organisation.organisation!.name };
  const all = organisations.flatMap((mine) =>
    mine.organisation ? [{ id: mine.organisation.id, name: mine.organisation.name }] : [],
  );
  return (
    // The dashboard has its own frame (sidebar, top bar); the public site header is not shown here.
    <div className="flex min-h-screen flex-1 flex-col">
      <OrganisationFrame
        orgId={orgId}
        user={{ displayName: user.displayName, email: user.email }}
        organisation={current}
        organisations={all}
        permissions={permissions}
      >
        {children}
      </OrganisationFrame>
    </div>
  );
}
