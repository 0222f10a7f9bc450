// The ticket a scan names, read fresh inside the scan's transaction (never from the unit of work's cache: a scan
// re-reads after its conditional update lost a race, and must see the winner's commit).
import type { EntityManager } from '@mikro-orm/postgresql';
import { TicketAccessEntity, TicketEntity } from '../ticket.entity';
import type { TicketWithAccess } from '../ticket.repository';

export type TicketLookup = { ticketId: string } | { organisationId: string; reference: string };

export async function loadScanTicket(em: EntityManager, lookup: TicketLookup): Promise<TicketWithAccess | null> {
  const where = 'ticketId' in lookup ? { id: lookup.ticketId } : { organisationId: lookup.organisationId, reference: lookup.reference };
  const ticket = await em.findOne(TicketEntity, where, { refresh: true });
  if (!ticket) return null;
  const access = await em.find(TicketAccessEntity, { ticketId: ticket.id }, { orderBy: { eventId: 'asc' }, refresh: true });
  return { ticket, access };
}
