import { SettingsFrame } from '@kassa/web/features/organisations/settings-frame';
import { setRequestLocale } from 'next-intl/server';
import { GeneralSettingsView } from '../../../../../components/organisation-views';
import { Link } from '../../../../../i18n/navigation';
import { dashboardMetadata } from '../../../../../server/organisations/dashboard-metadata';
import { holds, requireOrganisationAccess } from '../../../../../server/organisations/organisation-access';
import { toOrganisationSummary } from '../../../../../server/organisations/organisation-views';

type Props = { params: Promise<{ locale: string; orgId: string }> };

export const generateMetadata = ({ params }: Props) => dashboardMetadata(params, 'settings.title');

/** Settings › Overview: every member sees the general settings; "organisation.settings" may change them. */
export default async function SettingsPage({ params }: Props) {
  const { locale, orgId } = await params;
  setRequestLocale(locale);
  const { organisation, permissions } = await requireOrganisationAccess(locale, orgId, '');
  return (
    <SettingsFrame orgId={orgId} tab="overview" permissions={permissions} Link={Link}>
      <GeneralSettingsView
        organisation={toOrganisationSummary(organisation)}
        canEdit={holds(permissions, 'organisation.settings')}
      />
    </SettingsFrame>
  );
}
