import { setRequestLocale } from 'next-intl/server';
import { EventsListView } from '../../../../../components/event-views';
import { dashboardMetadata } from '../../../../../server/organisations/dashboard-metadata';
import { eventListQuery, eventsAccess, loadEventList } from '../../../../../server/events/event-pages';

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string; orgId: string }>; searchParams: Promise<Search> };

// "Scan Tickets" opens this list with ?for=scan: the spec has no organisation-wide scan route, scanning is per event.
const isScanMode = (search: Search) => search.for === 'scan';

export async function generateMetadata({ params, searchParams }: Props) {
  return dashboardMetadata(params, isScanMode(await searchParams) ? 'events.scanTitle' : 'events.title');
}

export default async function EventsPage({ params, searchParams }: Props) {
  const { locale, orgId } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const { userId, canEdit, ownLocale, ownTimeZone } = await eventsAccess(locale, orgId);
  const list = await loadEventList(userId, orgId, eventListQuery(search));
  return (
    <EventsListView
      orgId={orgId}
      list={list}
      mode={isScanMode(search) ? 'scan' : 'list'}
      canEdit={canEdit}
      ownLocale={ownLocale}
      ownTimeZone={ownTimeZone}
    />
  );
}
