import { eventTabFromQuery } from '@kassa/web/features/dashboard/organisation-screens';
import { setRequestLocale } from 'next-intl/server';
import { EventPageView } from '../../../../../../components/event-views';
import {
  eventPageMetadata,
  eventPageProps,
  type EventRouteParams,
} from '../../../../../../server/events/event-page-props';

type Props = {
  params: Promise<EventRouteParams>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// Overview, Ticket Options, Attendees and History share the event's route ('' in the spec); ?tab= picks one
// (the Attendees tab reads ?q=, ?status= and ?page= as well).
export async function generateMetadata({ params, searchParams }: Props) {
  return eventPageMetadata(await params, eventTabFromQuery((await searchParams).tab));
}

export default async function EventPage({ params, searchParams }: Props) {
  const route = await params;
  setRequestLocale(route.locale);
  const search = await searchParams;
  return <EventPageView {...await eventPageProps(route, eventTabFromQuery(search.tab), search)} />;
}
