import { setRequestLocale } from 'next-intl/server';
import { dashboardMetadata } from '../../../../../../../server/organisations/dashboard-metadata';
import { loadEvent } from '../../../../../../../server/events/event-pages';
import { requireOrganisationAccess } from '../../../../../../../server/organisations/organisation-access';
import { loadScanManagement, openMemberScanner, scannerDeviceId } from '../../../../../../../server/scan/scan-pages';
import { memberScannerScope } from '../../../../../../../server/scan/scan-requests';
import { MemberScanner } from './member-scanner';

type Props = { params: Promise<{ locale: string; orgId: string; eventId: string }> };

export const generateMetadata = ({ params }: Props) => dashboardMetadata(params, 'event.scanTitle');

/**
 * The member's scanner for one event (permission "checkin"), with the event's scan links and conflicts. Another
 * organisation's event is the 404 (catalog does not know it here); a member without "checkin" gets the 403 page.
 */
export default async function EventScanPage({ params }: Props) {
  const { locale, orgId, eventId } = await params;
  setRequestLocale(locale);
  const { user } = await requireOrganisationAccess(locale, orgId, 'checkin');
  const event = await loadEvent(user.id, orgId, eventId);
  const deviceId = await scannerDeviceId();
  const [initial, management] = await Promise.all([
    openMemberScanner(user.id, orgId, eventId, deviceId, locale),
    loadScanManagement(user.id, orgId, eventId),
  ]);
  return (
    <MemberScanner
      orgId={orgId}
      eventId={eventId}
      eventName={initial?.event.name || event.name}
      scope={memberScannerScope(orgId, eventId)}
      initial={initial}
      deviceId={deviceId}
      locale={locale}
      links={management.links}
      conflicts={management.conflicts}
    />
  );
}
