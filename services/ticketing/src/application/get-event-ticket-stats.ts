import { DEFAULT_CURRENCY } from '@kassa/contracts/currencies';
import type { CallContext } from '@kassa/platform/grpc';
import { NotFoundError } from '@kassa/platform/errors';
import type { GetEventTicketStatsRequest, GetEventTicketStatsResponse } from '@kassa/proto/ticketing/v1/tickets';
import { checkInsPerMinute } from '../domain/check-in-rate';
import { isEventOfOrganisation } from '../persistence/event.repository';
import { countOpenConflicts } from '../persistence/open-conflicts';
import {
  checkInsPerMinuteAgo,
  countEventTickets,
  countPerTicketOption,
  latestTicketCurrency,
  revenueOfEvent,
} from '../persistence/ticket-stats.repository';
import { checkRequest, EVENT_NOT_FOUND } from './ticket-records';
import { authorizeAny, CHECKIN, EVENTS, ORDERS_VIEW, type TicketingContext } from './ticketing-context';

/**
 * An event's ticket figures for its Overview and the scanner: sold, checked in, canceled, revenue, per ticket option,
 * check-ins per minute over the last hour and open offline conflicts. Permission "events", "orders.view" or
 * "checkin"; an event of another organisation is NOT_FOUND.
 */
export async function getEventTicketStats(
  ctx: TicketingContext,
  call: Pick<CallContext, 'actor'>,
  request: GetEventTicketStatsRequest,
): Promise<GetEventTicketStatsResponse> {
  checkRequest({
    organisationId: { value: request.organisationId, prefix: 'org' },
    eventId: { value: request.eventId, prefix: 'evt' },
  });
  await authorizeAny(ctx.authorizer, call, request.organisationId, [EVENTS, ORDERS_VIEW, CHECKIN]);
  const em = ctx.orm.em.fork();
  const { organisationId, eventId } = request;
  if (!(await isEventOfOrganisation(em, organisationId, eventId))) throw new NotFoundError(EVENT_NOT_FOUND);

  const now = ctx.now();
  const [counts, revenue, options, perMinute, openConflicts] = await Promise.all([
    countEventTickets(em, organisationId, eventId),
    revenueOfEvent(em, organisationId, eventId),
    countPerTicketOption(em, organisationId, eventId),
    checkInsPerMinuteAgo(em, eventId, now),
    countOpenConflicts(em, organisationId, eventId),
  ]);
  // An organisation sells in one currency; should it ever have changed, the figure is the one most tickets sold in.
  const main = revenue[0] ?? {
    currency:
      (await latestTicketCurrency(em, organisationId)) ?? DEFAULT_CURRENCY /* none sold yet: revenue is 0 anyway */,
    amountMinor: 0,
  };
  return {
    sold: counts.sold,
    checkedIn: counts.checkedIn,
    canceled: counts.canceled,
    revenue: { amountMinor: main.amountMinor, currency: main.currency },
    options: options.map((option) => ({
      ticketOptionId: option.ticketOptionId,
      name: option.name,
      sold: option.sold,
      checkedIn: option.checkedIn,
    })),
    checkInsPerMinute: checkInsPerMinute(perMinute),
    openConflicts,
  };
}
