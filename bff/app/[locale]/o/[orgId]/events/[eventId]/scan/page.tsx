import { EventScanScreen } from '@kassa/web/features/dashboard/organisation-screens';
import { setRequestLocale } from 'next-intl/server';
import { dashboardMetadata } from '../../../../../../../server/dashboard-metadata';
import { loadEvent } from '../../../../../../../server/event-pages';
import { requireOrganisationAccess } from '../../../../../../../server/organisation-access';

type Props = { params: Promise<{ locale: string; orgId: string; eventId: string }> };

export const generateMetadata = ({ params }: Props) => dashboardMetadata(params, 'event.scanTitle');

/** The scanner arrives in Step 6; the page already admits only members who may check in, for this organisation's events. */
export default async function EventScanPage({ params }: Props) {
  const { locale, orgId, eventId } = await params;
  setRequestLocale(locale);
  const { user } = await requireOrganisationAccess(locale, orgId, 'checkin');
  await loadEvent(user.id, orgId, eventId);
  return <EventScanScreen />;
}
