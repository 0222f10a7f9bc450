import { ScanEventsScreen } from '@kassa/web/features/tickets/scan-events-screen';
import { setRequestLocale } from 'next-intl/server';
import { Link } from '../../../../../i18n/navigation';
import { dashboardMetadata } from '../../../../../server/organisations/dashboard-metadata';
import { loadScannableEvents } from '../../../../../server/tickets/ticket-scan-events';
import { requireOrganisationAccess } from '../../../../../server/organisations/organisation-access';

type Props = { params: Promise<{ locale: string; orgId: string }> };

export const generateMetadata = ({ params }: Props) => dashboardMetadata(params, 'events.scanTitle');

/** /o/{orgId}/scan ("Scan Tickets"): pick the live event to scan for; members without "checkin" get the 403 page. */
export default async function ScanEventsPage({ params }: Props) {
  const { locale, orgId } = await params;
  setRequestLocale(locale);
  const { user } = await requireOrganisationAccess(locale, orgId, 'checkin');
  return <ScanEventsScreen orgId={orgId} events={await loadScannableEvents(user.id, orgId)} Link={Link} />;
}
