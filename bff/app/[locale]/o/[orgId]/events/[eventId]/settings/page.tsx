import { setRequestLocale } from 'next-intl/server';
import { EventPageView } from '../../../../../../../components/event-views';
import {
  eventPageMetadata,
  eventPageProps,
  type EventRouteParams,
} from '../../../../../../../server/events/event-page-props';

type Props = { params: Promise<EventRouteParams> };

export async function generateMetadata({ params }: Props) {
  return eventPageMetadata(await params, 'settings');
}

export default async function EventSettingsPage({ params }: Props) {
  const route = await params;
  setRequestLocale(route.locale);
  return <EventPageView {...await eventPageProps(route, 'settings')} />;
}
