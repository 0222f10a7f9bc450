import { CURRENCY_CODE_PATTERN } from '@kassa/contracts/currencies';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '@kassa/contracts/email-address';
import type { Violations } from '@kassa/platform/errors';

/** The fields of an order (ordering's Order, as ticketing passes it on too) that every e-mail about it needs. */
export interface OrderRecipientFields {
  id?: string;
  organisationId?: string;
  number?: string;
  email?: string;
  money?: { currency?: string };
}

export interface OrderRecipient {
  orderId: string;
  organisationId: string;
  number: string;
  email: string;
  currency: string;
}

/** Checks an event's order for an e-mail about it, collecting what is wrong in `v` (the caller throws). */
export function checkOrderRecipient(v: Violations, order: OrderRecipientFields | undefined): OrderRecipient {
  return {
    orderId: v.id('order.id', order?.id, 'ord'),
    organisationId: v.id('order.organisationId', order?.organisationId, 'org'),
    number: v.string('order.number', order?.number, { label: 'Order number', required: true, maxLength: 64 }),
    email: v.string('order.email', order?.email, {
      label: 'E-mail',
      required: true,
      maxLength: EMAIL_MAX_LENGTH,
      check: isEmailAddress,
    }),
    currency: v.string('order.money.currency', order?.money?.currency, {
      label: 'Currency',
      required: true,
      pattern: CURRENCY_CODE_PATTERN,
    }),
  };
}
