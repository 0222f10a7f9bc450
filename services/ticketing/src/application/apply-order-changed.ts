// ordering's OrderChanged → the order's tickets. Runs in the consumer's transaction (with its inbox row), so an
// effect and its outbox message commit together or not at all, and a redelivered message changes nothing.
//   reserved / pending  → tickets "reserved" (made from the lines; no code)
//   paid                → tickets "created" with signed codes (made first when the order arrives paid, e.g. free);
//                         TicketsIssued once per order, with the order, the tickets and their events
//   expired / canceled  → tickets "canceled" (refunded in full included); TicketsVoided for those that changed
//   refunded, order still paid (a partial refund) → nothing
// Only a newer version of the order than the last one applied counts (order_state), whatever the subject says.
import { CURRENCY_CODE_PATTERN } from '@kassa/contracts/currencies';
import { isAccessKey, newAccessKey, newId, isId } from '@kassa/platform/ids';
import { afterCommit } from '@kassa/platform/persistence';
import { checkoutFunnel } from '@kassa/platform/metrics';
import type { OrderChanged } from '@kassa/proto/ordering/events/v1/events';
import type { Order } from '@kassa/proto/ordering/v1/orders';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_LOCALE, isLocale } from '@kassa/contracts/locales';
import { newTicketSeed } from '../domain/ticket-code';
import { planTickets } from '../domain/ticket-issuance';
import {
  effectOfOrderStatus,
  isIssuedAndValid,
  isTicketStatus,
  nextTicketStatus,
  type TicketState,
  voidReason,
} from '../domain/ticket-status';
import { publishTicketsIssued } from '../events/tickets-issued.publisher';
import { publishTicketsVoided } from '../events/tickets-voided.publisher';
import { ticketsIssued, ticketsVoided } from '../metrics';
import { loadEvents } from '../persistence/event.repository';
import type { OrderStateRow } from '../persistence/order-state.entity';
import { TicketAccessEntity, TicketEntity, type TicketRow } from '../persistence/ticket.entity';
import {
  freshReferences,
  loadOrderTickets,
  lockOrderState,
  type TicketWithAccess,
} from '../persistence/ticket.repository';
import type { TicketingContext } from './ticketing-context';
import { grantedEventIds, toTicket, toTicketEvent } from './ticket-views';

/**
 * Deliveries of a paid order that wait for catalog's events to be projected before issuing, so the confirmation
 * e-mail names them. Only a ticketing that starts on an existing platform reads orders ahead of events; from this
 * delivery on the tickets are issued anyway (a guest's tickets never wait on a name).
 */
export const EVENT_WAIT_DELIVERIES = 4;

/** Thrown (and retried by the consumer with backoff) while a paid order's events are not projected yet. */
export class EventsNotProjectedYetError extends Error {
  constructor(readonly eventIds: string[]) {
    super(`events not projected yet: ${eventIds.join(', ')}`);
  }
}

export async function applyOrderChanged(
  ctx: TicketingContext,
  em: EntityManager,
  message: OrderChanged,
  delivery: { deliveryCount: number } = { deliveryCount: 1 },
): Promise<void> {
  const order = message.order;
  if (!order || !isId('ord', order.id) || !isId('org', order.organisationId))
    throw new Error('OrderChanged without a valid order');
  const now = ctx.now();
  const log = ctx.logger.child({ orderId: order.id, change: message.change, version: message.version });

  const state = await lockOrderState(em, order.id, order.organisationId, now);
  if (state.organisationId !== order.organisationId) throw new Error(`Order ${order.id} changed organisation`);
  if (message.version <= state.version) {
    log.debug({ applied: state.version }, 'older order version; ignored');
    return;
  }
  state.version = message.version;
  state.status = order.status;
  if (isAccessKey(message.guestAccessKey)) state.guestAccessKey = message.guestAccessKey;
  state.updatedAt = now;

  const effect = effectOfOrderStatus(order.status);
  if (effect === 'none') {
    log.warn({ status: order.status }, 'order status unknown to ticketing; tickets left as they are');
    return;
  }
  let tickets = await loadOrderTickets(em, order.id, { lock: true });
  if (tickets.length === 0 && (effect === 'hold' || effect === 'issue')) tickets = await createTickets(em, order, now);

  if (effect === 'issue')
    await issueTickets(ctx, em, { order, state, tickets, now, deliveryCount: delivery.deliveryCount, log });
  if (effect === 'void') voidTickets(em, { message, order, tickets, now, log });
}

/** The order's tickets from its lines, "reserved" (no code yet), with one access row per granted event. */
async function createTickets(em: EntityManager, order: Order, now: Date): Promise<TicketWithAccess[]> {
  const currency = order.money?.currency ?? '';
  if (!CURRENCY_CODE_PATTERN.test(currency)) throw new Error(`Order ${order.id} has no currency`);
  const planned = planTickets(
    order.lines.map((line) => ({
      itemId: line.itemId,
      ticketOptionId: line.ticketOptionId,
      eventIds: line.eventIds,
      name: line.name,
      quantity: line.quantity,
      totalMinor: line.totalMinor,
    })),
  );
  const references = await freshReferences(em, planned.length);
  const created = planned.map((plan, index) => {
    const ticket = em.create(TicketEntity, {
      id: newId('tkt'),
      reference: references[index]!,
      accessKey: newAccessKey(),
      organisationId: order.organisationId,
      orderId: order.id,
      orderNumber: order.number,
      shopId: order.shopId,
      itemId: plan.itemId,
      itemName: plan.itemName,
      ticketOptionId: plan.ticketOptionId,
      priceMinor: plan.priceMinor,
      currency,
      email: order.email,
      subscribed: order.subscribe,
      locale: isLocale(order.locale) ? order.locale : DEFAULT_LOCALE,
      status: 'reserved',
      position: plan.position,
      ofCount: plan.ofCount,
      keyId: null,
      seed: null,
      code: null,
      issuedAt: null,
      canceledAt: null,
      createdAt: now,
      updatedAt: now,
    });
    em.persist(ticket);
    return { ticket, plan };
  });
  // The tickets first: access rows reference them, and no relation tells the unit of work that order.
  await em.flush();
  return created.map(({ ticket, plan }) => {
    const access = plan.eventIds.map((eventId) =>
      em.create(TicketAccessEntity, { ticketId: ticket.id, eventId, checkedInAt: null, checkedInDevice: null }),
    );
    em.persist(access);
    return { ticket, access };
  });
}

async function issueTickets(
  ctx: TicketingContext,
  em: EntityManager,
  input: {
    order: Order;
    state: OrderStateRow;
    tickets: TicketWithAccess[];
    now: Date;
    deliveryCount: number;
    log: TicketingContext['logger'];
  },
): Promise<void> {
  const { order, state, tickets, now, log } = input;
  const due = tickets.filter(({ ticket }) => nextTicketStatus(stateOf(ticket), 'issue') === 'created');
  if (due.length === 0) return;

  const eventIds = grantedEventIds(tickets);
  const events = await loadEvents(em, eventIds);
  const missing = eventIds.filter((id) => !events.has(id));
  if (missing.length > 0) {
    if (input.deliveryCount < EVENT_WAIT_DELIVERIES) throw new EventsNotProjectedYetError(missing);
    log.warn({ missing }, 'issuing tickets before catalog told about their events; the e-mail shows no names for them');
  }

  const signer = await ctx.keys.signerFor(order.organisationId);
  for (const { ticket, access } of due) {
    const seed = newTicketSeed();
    ticket.code = signer.sign({ ticketId: ticket.id, eventIds: access.map((row) => row.eventId), seed });
    ticket.keyId = signer.keyId;
    ticket.seed = seed;
    ticket.status = 'created';
    ticket.issuedAt = now;
    ticket.canceledAt = null;
    ticket.updatedAt = now;
  }
  log.info({ tickets: due.length }, 'tickets issued');
  afterCommit(em, () => ticketsIssued.add(due.length));

  if (state.ticketsIssuedAt) return;
  state.ticketsIssuedAt = now;
  // Once per order, like TicketsIssued (order_state.tickets_issued_at).
  afterCommit(em, () => checkoutFunnel.count('tickets_issued'));
  const locale = isLocale(order.locale) ? order.locale : DEFAULT_LOCALE;
  publishTicketsIssued(em, {
    order,
    tickets: tickets
      .filter(({ ticket }) => isIssuedAndValid(ticket.status))
      .map((ticket) => toTicket(ticket, events, { locale, includeEmail: true, includeAccessKey: true })),
    events: eventIds.map((id) => toTicketEvent(id, events.get(id), locale)),
    occurredAt: now,
    orderAccessKey: state.guestAccessKey ?? '',
  });
}

function voidTickets(
  em: EntityManager,
  input: {
    message: OrderChanged;
    order: Order;
    tickets: TicketWithAccess[];
    now: Date;
    log: TicketingContext['logger'];
  },
): void {
  const { message, order, tickets, now, log } = input;
  const due = tickets.filter(({ ticket }) => nextTicketStatus(stateOf(ticket), 'void') === 'canceled');
  if (due.length === 0) return;
  // Voided tickets are those whose code is revoked; held tickets of an order that ended unpaid never had one.
  const revoked = due.filter(({ ticket }) => ticket.issuedAt !== null).length;
  if (revoked > 0) afterCommit(em, () => ticketsVoided.add(revoked));
  for (const { ticket } of due) {
    ticket.status = 'canceled';
    ticket.canceledAt = now;
    ticket.updatedAt = now;
  }
  const reason = voidReason(order, message.change, message.refund?.cancelsOrder ?? false);
  publishTicketsVoided(em, {
    orderId: order.id,
    organisationId: order.organisationId,
    ticketIds: due.map(({ ticket }) => ticket.id),
    reason,
    occurredAt: now,
  });
  log.info({ tickets: due.length, reason }, 'tickets voided');
}

function stateOf(ticket: TicketRow): TicketState {
  if (!isTicketStatus(ticket.status)) throw new Error(`Ticket ${ticket.id} has an unknown status ${ticket.status}`);
  return { status: ticket.status, issued: ticket.issuedAt !== null };
}
