import { eventTabFromQuery } from '@kassa/web/features/dashboard/organisation-screens';
import { setRequestLocale } from 'next-intl/server';
import { EventPageView } from '../../../../../../components/event-views';
import { eventPageMetadata, eventPageProps, type EventRouteParams } from '../../../../../../server/event-page-props';

type Props = { params: Promise<EventRouteParams>; searchParams: Promise<{ tab?: string | string[] }> };

// Overview, Ticket Options, Attendees and History share the event's route ('' in the spec); ?tab= picks one.
export async function generateMetadata({ params, searchParams }: Props) {
  return eventPageMetadata(await params, eventTabFromQuery((await searchParams).tab));
}

export default async function EventPage({ params, searchParams }: Props) {
  const route = await params;
  setRequestLocale(route.locale);
  return <EventPageView {...await eventPageProps(route, eventTabFromQuery((await searchParams).tab))} />;
}
