import type { TicketCheckedIn } from '@kassa/proto/ticketing/events/v1/events';
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordCheckIn } from '../persistence/activity.repository';

/** ticketing's TicketCheckedIn → the event's check-in count on the dashboard (once per ticket and event). */
export async function projectCheckIn(em: EntityManager, message: TicketCheckedIn): Promise<void> {
  if (!message.ticketId || !message.eventId) throw new Error('TicketCheckedIn without a ticket or an event');
  await recordCheckIn(em, {
    eventId: message.eventId,
    ticketId: message.ticketId,
    organisationId: message.organisationId,
    checkedInAt: message.checkedInAt ?? new Date(0),
  });
}
