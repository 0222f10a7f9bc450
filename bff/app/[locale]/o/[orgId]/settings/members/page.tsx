import { SettingsFrame } from '@kassa/web/features/organisations/settings-frame';
import { setRequestLocale } from 'next-intl/server';
import { MembersView } from '../../../../../../components/organisation-views';
import { Link } from '../../../../../../i18n/navigation';
import { dashboardMetadata } from '../../../../../../server/organisations/dashboard-metadata';
import { requireOrganisationAccess } from '../../../../../../server/organisations/organisation-access';
import { organisationClientAs } from '../../../../../../server/clients/organisation-client';
import { toInvitationRow, toMemberRow } from '../../../../../../server/organisations/organisation-views';

type Props = { params: Promise<{ locale: string; orgId: string }>; searchParams: Promise<{ q?: string | string[] }> };

export const generateMetadata = ({ params }: Props) => dashboardMetadata(params, 'settings.membersTitle');

/** identity pages members by 100 at most; an organisation's team fits one page. */
const MEMBERS_PAGE_SIZE = 100;

/** Settings › Members: needs "members". The search (?q=) runs in identity, over names and e-mail addresses. */
export default async function SettingsMembersPage({ params, searchParams }: Props) {
  const { locale, orgId } = await params;
  setRequestLocale(locale);
  const { user, organisation, permissions } = await requireOrganisationAccess(locale, orgId, 'members');
  const raw = (await searchParams).q;
  const query = (typeof raw === 'string' ? raw : '').trim().slice(0, 200);
  const { members, invitations } = await organisationClientAs(user.id).listMembers({
    organisationId: orgId,
    query,
    page: { pageSize: MEMBERS_PAGE_SIZE, pageToken: '' },
  });
  return (
    <SettingsFrame orgId={orgId} tab="members" permissions={permissions} Link={Link}>
      <MembersView
        // A new search starts from the server's answer, not the previous list's local state.
        key={query}
        orgId={orgId}
        members={members.map(toMemberRow)}
        invitations={invitations.map(toInvitationRow)}
        query={query}
        viewer={{ memberId: organisation.memberId, permissions }}
      />
    </SettingsFrame>
  );
}
