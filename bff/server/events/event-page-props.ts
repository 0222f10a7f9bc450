// The data of one tab of an event's pages, and their titles: "Ticket Options · Summer Fest".
import type { EventTabKey } from '@kassa/web/features/events/event-screen';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { attendeesTabProps, ticketStatsProps } from './attendee-pages';
import { eventsAccess, loadEvent, loadHistory, loadTicketOptions, publicEventUrl } from './event-pages';

export interface EventRouteParams {
  locale: string;
  orgId: string;
  eventId: string;
}

export async function eventPageMetadata(
  { locale, orgId, eventId }: EventRouteParams,
  tab: EventTabKey,
): Promise<Metadata> {
  const { userId } = await eventsAccess(locale, orgId);
  const event = await loadEvent(userId, orgId, eventId);
  if (tab === 'overview') return { title: event.name };
  const t = await getTranslations({ locale, namespace: 'Dashboard.event.tabs' });
  return { title: `${t(tab)} · ${event.name}` };
}

/** Everything the event screen needs for `tab`; only the tab's own lists are read (`search`: the Attendees filters). */
export async function eventPageProps(
  { locale, orgId, eventId }: EventRouteParams,
  tab: EventTabKey,
  search: Record<string, string | string[] | undefined> = {},
) {
  const { userId, canEdit, ownLocale } = await eventsAccess(locale, orgId);
  const eventLoaded = loadEvent(userId, orgId, eventId);
  // ticketing is asked only once catalog has confirmed the event (an unknown or foreign one is the 404 page).
  const afterEvent = <T>(load: () => Promise<T>) => eventLoaded.then(load);
  const [event, ticketOptions, history, attendees, ticketStats, publicUrl] = await Promise.all([
    eventLoaded,
    tab === 'ticketOptions' ? loadTicketOptions(userId, orgId, eventId) : undefined,
    tab === 'history' ? loadHistory(userId, orgId, eventId) : undefined,
    tab === 'attendees' ? afterEvent(() => attendeesTabProps(locale, userId, orgId, { eventId }, search)) : undefined,
    tab === 'overview' ? afterEvent(() => ticketStatsProps(locale, userId, orgId, eventId)) : undefined,
    publicEventUrl(eventId),
  ]);
  return { orgId, event, tab, canEdit, ownLocale, publicUrl, ticketOptions, history, attendees, ticketStats };
}
