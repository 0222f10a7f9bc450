import { OrganisationOverviewScreen } from '@kassa/web/features/organisations/organisation-overview-screen';
import { setRequestLocale } from 'next-intl/server';
import { Link } from '../../../../i18n/navigation';
import { loadDashboard } from '../../../../server/organisations/dashboard';
import { dashboardMetadata } from '../../../../server/organisations/dashboard-metadata';
import { requireOrganisationAccess } from '../../../../server/organisations/organisation-access';
import { organisationClientAs } from '../../../../server/clients/organisation-client';
import { toOrganisationSummary } from '../../../../server/organisations/organisation-views';

type Props = { params: Promise<{ locale: string; orgId: string }> };

export const generateMetadata = ({ params }: Props) => dashboardMetadata(params, 'overview.title');

export default async function OrganisationOverviewPage({ params }: Props) {
  const { locale, orgId } = await params;
  setRequestLocale(locale);
  const { user, organisation } = await requireOrganisationAccess(locale, orgId, '');
  const [members, dashboard] = await Promise.all([
    // One row is enough: the page info carries the total (any member may list the members).
    organisationClientAs(user.id).listMembers({
      organisationId: orgId,
      query: '',
      page: { pageSize: 1, pageToken: '' },
    }),
    loadDashboard(user.id, orgId, organisation.organisation?.timeZone ?? ''),
  ]);
  const memberCount = members.page && members.page.totalSize >= 0 ? members.page.totalSize : members.members.length;
  return (
    <OrganisationOverviewScreen
      organisation={toOrganisationSummary(organisation)}
      memberCount={memberCount}
      dashboard={dashboard}
      now={new Date()}
      Link={Link}
    />
  );
}
