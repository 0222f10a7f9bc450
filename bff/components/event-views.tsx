'use client';
// The organiser's event screens wired to the BFF's event routes, the locale-aware router and links.
import { EventScreen, type EventScreenProps } from '@kassa/web/features/events/event-screen';
import { EventsListScreen, type EventsListScreenProps } from '@kassa/web/features/events/events-list-screen';
import type { EventInput, EventView, TicketOptionInput, TicketOptionView } from '@kassa/web/lib/event-model';
import { Link, useRouter } from '../i18n/navigation';
import { callApi } from '../lib/api-client';

const eventsApi = (orgId: string) => `/api/organisations/${encodeURIComponent(orgId)}/events`;

export function EventsListView(props: Omit<EventsListScreenProps, 'Link' | 'navigate' | 'createEvent'>) {
  const router = useRouter();
  return (
    <EventsListScreen
      {...props}
      Link={Link}
      navigate={(href) => router.push(href)}
      createEvent={(input: EventInput) => callApi<{ event: EventView }>('POST', eventsApi(props.orgId), input)}
    />
  );
}

export function EventPageView(
  props: Omit<EventScreenProps, 'Link' | 'actions' | 'refresh' | 'onDeleted' | 'navigate'>,
) {
  const router = useRouter();
  const event = `${eventsApi(props.orgId)}/${encodeURIComponent(props.event.id)}`;
  const option = (id: string) => `${event}/ticket-options/${encodeURIComponent(id)}`;
  return (
    <EventScreen
      {...props}
      Link={Link}
      navigate={(href) => router.push(href)}
      refresh={() => router.refresh()}
      onDeleted={() => router.push(`/o/${props.orgId}/events`)}
      actions={{
        publish: () => callApi<{ event: EventView }>('POST', `${event}/publish`),
        convertToDraft: () => callApi<{ event: EventView }>('POST', `${event}/convert-to-draft`),
        update: (input: EventInput) => callApi<{ event: EventView }>('PUT', event, input),
        remove: () => callApi<{ event: EventView }>('DELETE', event),
        createTicketOption: (input: TicketOptionInput) =>
          callApi<{ ticketOption: TicketOptionView }>('POST', `${event}/ticket-options`, input),
        updateTicketOption: (id: string, input: TicketOptionInput) =>
          callApi<{ ticketOption: TicketOptionView }>('PUT', option(id), input),
        deleteTicketOption: (id: string) => callApi('DELETE', option(id)),
      }}
    />
  );
}
