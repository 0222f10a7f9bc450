import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Violations } from '@kassa/platform/errors';
import type { TicketsVoided } from '@kassa/proto/ticketing/events/v1/events';
import type { EmailMessage } from '../domain/email-message';
import { isVoided } from '../domain/order-confirmation';
import { findOrderConfirmation, lockOrderConfirmation, saveVoided } from '../persistence/order-confirmation.repository';

export interface AcceptTicketsVoidedDeps {
  now?: () => Date;
}

/**
 * ticketing's "tickets.voided" → the order's confirmation is void: Resend refuses it, and a confirmation still waiting
 * for SMTP is not sent (its codes no longer admit anyone). The guest is not e-mailed about it here: a void of issued
 * tickets comes from a full refund, whose own e-mail already says the tickets are no longer valid, and the other
 * voids (expired, canceled) concern orders that were never paid, so there were no tickets to tell about.
 *
 * A void may arrive before the issue it follows (two subjects, two consumers): the row keeps it, and the issue that
 * arrives later finds it. A void older than the issue on record (an order that expired and was then paid late) is kept
 * but does not void the newer tickets.
 */
export async function acceptTicketsVoided(
  em: EntityManager,
  event: TicketsVoided,
  deps: AcceptTicketsVoidedDeps = {},
): Promise<{ voided: boolean }> {
  const v = new Violations();
  const orderId = v.id('orderId', event.orderId, 'ord');
  const organisationId = v.id('organisationId', event.organisationId, 'org');
  v.throwIfAny();

  const now = deps.now?.() ?? new Date();
  const voidedAt = event.occurredAt ?? now;
  const row = await lockOrderConfirmation(em, orderId, organisationId, now);
  if (!row.voidedAt || row.voidedAt.getTime() < voidedAt.getTime()) {
    await saveVoided(em, orderId, voidedAt, event.reason.trim().slice(0, 40), now);
  }
  return { voided: isVoided(row.issuedAt, voidedAt) };
}

/** SendEmailDeps.reasonNotToSend: an order confirmation whose tickets were canceled while it waited is not sent. */
export async function voidedConfirmationReason(orm: MikroORM, message: EmailMessage): Promise<string | undefined> {
  if (message.template !== 'order-confirmation') return undefined;
  const row = await findOrderConfirmation(orm.em.fork(), message.subjectRef);
  return row && isVoided(row.issuedAt, row.voidedAt)
    ? "the order's tickets were canceled before it was sent"
    : undefined;
}
