import { toLocale } from '@kassa/contracts/locales';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sealString } from '@kassa/platform/crypto';
import { messages, Violations } from '@kassa/platform/errors';
import type { TicketsIssued } from '@kassa/proto/ticketing/events/v1/events';
import {
  type ConfirmationEvent,
  confirmationAttachmentNames,
  confirmationDedupeKey,
  isVoided,
  type OrderConfirmationPayload,
  type OrderConfirmationSnapshot,
} from '../domain/order-confirmation';
import { EmailMessageEntity } from '../persistence/email-message.entity';
import { lockOrderConfirmation, saveIssued } from '../persistence/order-confirmation.repository';
import type { AcceptedMessage } from './accept-sign-in-code-request';
import { checkOrderRecipient } from './order-recipient';
import { recordSealedEmail } from './record-sealed-email';

export interface AcceptTicketsIssuedDeps {
  sealingKey: Buffer;
  /** Whether Wallet passes are configured: they are listed among the attachments. */
  walletPasses: boolean;
  now?: () => Date;
}

/**
 * ticketing's "tickets.issued" → the order confirmation with the tickets, once per order, in the order's language,
 * recorded in status 'created' inside the consumer's transaction. What it needs is also kept per order (sealed), so an
 * organiser can have it sent again.
 *
 * Once per order: the inbox drops a redelivered event, the message's dedupe key drops the same order published again,
 * and the order's row is locked while this decides, so two copies handled at once end in one message. Tickets voided
 * before their issue arrived (the two subjects are consumed apart) are stored but not mailed.
 */
export async function acceptTicketsIssued(
  em: EntityManager,
  event: TicketsIssued,
  deps: AcceptTicketsIssuedDeps,
): Promise<AcceptedMessage> {
  const { order } = event;
  const v = new Violations();
  const { orderId, organisationId, number, email, currency } = checkOrderRecipient(v, order);
  if (event.tickets.length === 0) v.add('tickets', messages.minItems(1));
  event.tickets.forEach((ticket, index) => {
    v.id(`tickets.${index}.id`, ticket.id, 'tkt');
    v.string(`tickets.${index}.reference`, ticket.reference, { label: 'Reference', required: true, maxLength: 32 });
    v.string(`tickets.${index}.code`, ticket.code, { label: 'Code', required: true, maxLength: 2000 });
  });
  v.throwIfAny();

  const now = deps.now?.() ?? new Date();
  const issuedAt = event.occurredAt ?? now;
  const locale = toLocale(order!.locale);
  const payload = confirmationPayload(event, { orderId, organisationId, number, currency, issuedAt });
  const snapshot: OrderConfirmationSnapshot = { email, locale, payload };

  const row = await lockOrderConfirmation(em, orderId, organisationId, now);
  // A copy of the same issue changes nothing; a later issue (new codes; the old ones no longer admit) replaces it,
  // so that a resend shows the codes that work.
  if (!row.issuedAt || row.issuedAt.getTime() < issuedAt.getTime()) {
    await saveIssued(em, orderId, sealString(deps.sealingKey, JSON.stringify(snapshot)), issuedAt, now);
  }
  if (isVoided(issuedAt, row.voidedAt))
    return { created: false, skipped: 'the tickets were voided before their issue arrived' };

  const dedupeKey = confirmationDedupeKey(orderId);
  const existing = await em.findOne(EmailMessageEntity, { dedupeKey }, { fields: ['id'] });
  if (existing) return { created: false, messageId: existing.id };

  const messageId = recordSealedEmail(em, {
    template: 'order-confirmation',
    recipient: email,
    locale,
    subjectRef: orderId,
    organisationId,
    dedupeKey,
    attachments: confirmationAttachmentNames(payload, deps.walletPasses),
    payload,
    sealingKey: deps.sealingKey,
    now,
  });
  return { messageId, created: true };
}

/** The proto snapshot → what the template renders: money and lines as ordered, tickets in position order, events once each. */
function confirmationPayload(
  event: TicketsIssued,
  known: { orderId: string; organisationId: string; number: string; currency: string; issuedAt: Date },
): OrderConfirmationPayload {
  const order = event.order!;
  const money = order.money!;
  const events = new Map<string, ConfirmationEvent>();
  for (const granted of [...event.events, ...event.tickets.flatMap((ticket) => ticket.events)]) {
    if (!granted.id || events.has(granted.id)) continue;
    events.set(granted.id, {
      id: granted.id,
      name: granted.name,
      startsAt: granted.startsAt?.toISOString(),
      endsAt: granted.endsAt?.toISOString(),
      address: granted.address,
      city: granted.city,
      postalCode: granted.postalCode,
      country: granted.country,
      timeZone: granted.timeZone || undefined,
    });
  }
  const tickets = [...event.tickets].sort((a, b) => a.position - b.position);
  return {
    orderId: known.orderId,
    orderAccessKey: event.orderAccessKey,
    orderNumber: known.number,
    organisationId: known.organisationId,
    currency: known.currency,
    lines: order.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      totalMinor: line.totalMinor,
    })),
    subtotalMinor: money.subtotalMinor,
    discountMinor: money.discountMinor,
    discountCode: order.discountCode,
    donationMinor: money.donationMinor,
    feeMinor: money.feeMinor,
    totalMinor: money.totalMinor,
    tickets: tickets.map((ticket, index) => ({
      id: ticket.id,
      accessKey: ticket.accessKey,
      reference: ticket.reference,
      code: ticket.code,
      itemName: ticket.itemName,
      priceMinor: ticket.price?.amountMinor ?? 0,
      // The access list says what it admits to; the ticket's own events list is the fallback.
      eventIds: unique(
        [...ticket.access.map((access) => access.eventId), ...ticket.events.map((granted) => granted.id)].filter(
          Boolean,
        ),
      ),
      position: ticket.position || index + 1,
      ofCount: ticket.ofCount || tickets.length,
    })),
    events: [...events.values()],
    issuedAt: known.issuedAt.toISOString(),
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
