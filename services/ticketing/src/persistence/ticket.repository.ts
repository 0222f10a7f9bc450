// Reads and writes of tickets, their access rows and the orders' states.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generateTicketReference } from '../domain/ticket-reference';
import { type OrderStateRow, OrderStateEntity } from './order-state.entity';
import { type TicketAccessRow, TicketAccessEntity, type TicketRow, TicketEntity } from './ticket.entity';

/** A ticket with the events it grants (its access rows, by event id: the order catalog created the events in). */
export interface TicketWithAccess {
  ticket: TicketRow;
  access: TicketAccessRow[];
}

/**
 * The order's state row, locked for this transaction; created (at version 0) when the order is new here, so that
 * two replicas applying messages of the same order take turns on this row.
 */
export async function lockOrderState(
  em: EntityManager,
  orderId: string,
  organisationId: string,
  at: Date,
): Promise<OrderStateRow> {
  await em.execute(
    `insert into order_state (order_id, organisation_id, version, status, updated_at) values (?, ?, 0, '', ?) on conflict (order_id) do nothing`,
    [orderId, organisationId, at],
  );
  const state = await em.findOne(
    OrderStateEntity,
    { orderId },
    { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
  );
  if (!state) throw new Error(`order_state ${orderId} vanished`);
  return state;
}

/** The order's guest key, or null when the order (or its key) is not known here yet. */
export async function loadOrderGuestKey(em: EntityManager, orderId: string): Promise<string | null> {
  const [row] = await em.execute<{ guest_access_key: string | null }[]>(
    'select guest_access_key from order_state where order_id = ?',
    [orderId],
  );
  return row?.guest_access_key ?? null;
}

/**
 * The order's tickets in position order, with their access rows. `issuedOnly`: only tickets that were ever issued
 * (what guests see); `lock`: the ticket rows are locked for the transaction (the scanner's check-in writes them too).
 */
export async function loadOrderTickets(
  em: EntityManager,
  orderId: string,
  options: { issuedOnly?: boolean; lock?: boolean } = {},
): Promise<TicketWithAccess[]> {
  const tickets = await em.find(TicketEntity, options.issuedOnly ? { orderId, issuedAt: { $ne: null } } : { orderId }, {
    orderBy: { position: 'asc' },
    ...(options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}),
  });
  return withAccess(em, tickets);
}

/** Tickets by id (those that exist), each with its access rows, in the order of `ids`. */
export async function loadTickets(em: EntityManager, ids: readonly string[]): Promise<TicketWithAccess[]> {
  if (ids.length === 0) return [];
  const tickets = await em.find(TicketEntity, { id: { $in: [...new Set(ids)] } });
  const byId = new Map(tickets.map((ticket) => [ticket.id, ticket]));
  return withAccess(
    em,
    ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
  );
}

/** A ticket of the organisation by its display reference ("XXXX-XXXX", see normaliseTicketReference). */
export async function findTicketByReference(
  em: EntityManager,
  organisationId: string,
  reference: string,
): Promise<TicketWithAccess | null> {
  const ticket = await em.findOne(TicketEntity, { reference, organisationId });
  return ticket ? ((await withAccess(em, [ticket]))[0] ?? null) : null;
}

async function withAccess(em: EntityManager, tickets: TicketRow[]): Promise<TicketWithAccess[]> {
  if (tickets.length === 0) return [];
  const rows = await em.find(
    TicketAccessEntity,
    { ticketId: { $in: tickets.map((ticket) => ticket.id) } },
    { orderBy: { ticketId: 'asc', eventId: 'asc' } },
  );
  const byTicket = new Map<string, TicketAccessRow[]>();
  for (const row of rows) byTicket.set(row.ticketId, [...(byTicket.get(row.ticketId) ?? []), row]);
  return tickets.map((ticket) => ({ ticket, access: byTicket.get(ticket.id) ?? [] }));
}

/**
 * `count` references that no ticket has yet. A reference drawn twice at the same moment by two transactions is
 * still caught by the unique index (the transaction fails and its message is retried with fresh draws).
 */
export async function freshReferences(
  em: EntityManager,
  count: number,
  draw: () => string = generateTicketReference,
): Promise<string[]> {
  const chosen = new Set<string>();
  for (let round = 0; chosen.size < count; round += 1) {
    if (round >= 10) throw new Error('Could not draw unique ticket references');
    const candidates = Array.from({ length: count - chosen.size }, draw).filter((reference) => !chosen.has(reference));
    const taken =
      candidates.length === 0
        ? []
        : await em.find(TicketEntity, { reference: { $in: candidates } }, { fields: ['reference'] });
    const takenSet = new Set(taken.map((ticket) => ticket.reference));
    for (const reference of candidates) if (!takenSet.has(reference)) chosen.add(reference);
  }
  return [...chosen].slice(0, count);
}
