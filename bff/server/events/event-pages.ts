import { DEFAULT_TIME_ZONE } from '@kassa/contracts/time-zones';
// What the organiser's event pages read from catalog (and identity, for the names in the history), acting for
// the signed-in member. catalog's NOT_FOUND (unknown id, another organisation's) becomes the 404 page.
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import {
  EVENT_LIST_STATUSES,
  type EventListView,
  type EventView,
  type HistoryEntryView,
  type TicketOptionView,
} from '@kassa/web/lib/event-model';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { readBffConfig } from '../bff-config';
import { eventClientAs } from '../clients/event-client';
import { toEventView, toHistoryEntryView, toTicketOptionView } from './event-views';
import { holds, requireOrganisationAccess } from '../organisations/organisation-access';
import { organisationClientAs } from '../clients/organisation-client';
import { cursorPage, listQuery, type ListQuery } from '../list-pages';
import { appOrigin } from '../request-context';

export const EVENTS_PAGE_SIZE = 20;
export type EventListQuery = ListQuery;

/** ?q=, ?status= and ?page= as the events list understands them. */
export const eventListQuery = (search: Record<string, string | string[] | undefined>): EventListQuery =>
  listQuery(search, EVENT_LIST_STATUSES);

/** Turns catalog's NOT_FOUND into the 404 page; anything else is thrown on. */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isGrpcCallError(error) && error.code === status.NOT_FOUND) notFound();
    throw error;
  }
}

/** One page of the list. */
export async function loadEventList(userId: string, orgId: string, query: EventListQuery): Promise<EventListView> {
  const catalog = eventClientAs(userId);
  const { rows, hasNextPage } = await cursorPage(query.page, async (pageToken) => {
    const answer = await catalog.listEvents({
      organisationId: orgId,
      query: query.q,
      statuses: query.status ? [query.status] : [],
      page: { pageSize: EVENTS_PAGE_SIZE, pageToken },
    });
    return { rows: answer.events, nextPageToken: answer.page?.nextPageToken ?? '' };
  });
  return { events: rows.map(toEventView), page: query.page, hasNextPage, query: query.q, status: query.status };
}

/** The event (the layout-less pages and their metadata ask once per request). */
export const loadEvent = cache(async (userId: string, orgId: string, eventId: string): Promise<EventView> => {
  const { event } = await orNotFound(eventClientAs(userId).getEvent({ organisationId: orgId, eventId }));
  return toEventView(event);
});

export async function loadTicketOptions(userId: string, orgId: string, eventId: string): Promise<TicketOptionView[]> {
  const { ticketOptions } = await orNotFound(
    eventClientAs(userId).listTicketOptions({ organisationId: orgId, eventId }),
  );
  return ticketOptions.map(toTicketOptionView);
}

/** The organisation's members by user id, with the name they go by (first and last name, else their address). */
export async function memberNames(userId: string, orgId: string): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const identity = organisationClientAs(userId);
  let pageToken = '';
  do {
    const answer = await identity.listMembers({ organisationId: orgId, query: '', page: { pageSize: 100, pageToken } });
    for (const member of answer.members) {
      names.set(member.userId, [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email);
    }
    pageToken = answer.page?.nextPageToken ?? '';
  } while (pageToken);
  return names;
}

/** The newest changes of the event and its ticket options (one page of 100), each with who made it. */
export async function loadHistory(userId: string, orgId: string, eventId: string): Promise<HistoryEntryView[]> {
  const [history, names] = await Promise.all([
    orNotFound(
      eventClientAs(userId).listHistory({
        organisationId: orgId,
        entityId: eventId,
        page: { pageSize: 100, pageToken: '' },
      }),
    ),
    memberNames(userId, orgId),
  ]);
  return history.entries.map((entry) => toHistoryEntryView(entry, names));
}

/** A public page's link as guests get it ('/event/evt_…'): without a locale prefix, so each visitor reads it in their own language. */
export async function publicPageUrl(path: string): Promise<string> {
  const requestHeaders = await headers();
  const origin = appOrigin(
    { url: `http://${requestHeaders.get('host') ?? 'localhost'}/`, headers: requestHeaders },
    readBffConfig(),
  );
  return `${origin}${path}`;
}

export const publicEventUrl = (eventId: string): Promise<string> => publicPageUrl(`/event/${eventId}`);

/** Who is looking at an organisation's events, and what they may do there. */
export async function eventsAccess(
  locale: string,
  orgId: string,
): Promise<{ userId: string; canEdit: boolean; ownLocale: string; ownTimeZone: string }> {
  const { user, organisation, permissions } = await requireOrganisationAccess(locale, orgId, '');
  // An event's own texts are in the organisation's default language; its form asks for the other one too.
  return {
    userId: user.id,
    canEdit: holds(permissions, 'events'),
    ownLocale: organisation.organisation?.defaultLocale || 'en',
    // A new event's dates are in the organisation's zone unless its form says otherwise.
    ownTimeZone: organisation.organisation?.timeZone || DEFAULT_TIME_ZONE,
  };
}
