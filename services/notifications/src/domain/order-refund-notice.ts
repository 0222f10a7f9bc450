import type { Locale } from '@kassa/contracts/locales';
import { formatMoney, money } from '@kassa/platform/money';
import { accessKeyQuery } from '@kassa/platform/ids';

/** Why ordering refunded money (OrderRefund.reason). */
export type { RefundReason } from '@kassa/contracts/statuses';

/**
 * What the guest is told about a succeeded refund; each is its own copy:
 * - late-payment: the payment came after the reservation ended and the tickets were gone, refunded in full;
 * - organiser-full / organiser-partial: the organiser refunded the order (canceled, tickets void) or part of it
 *   (tickets stay valid);
 * - order-canceled: the organiser had canceled the order, so the payment that arrived was refunded;
 * - duplicate-payment: a second payment for a paid order was refunded; the order stays valid.
 */
export type RefundNoticeKind =
  'late-payment' | 'organiser-full' | 'organiser-partial' | 'order-canceled' | 'duplicate-payment';

/** The notice for a refund's reason; null for a reason this service has no words for (nothing is sent). */
export function refundNoticeKind(reason: string, cancelsOrder: boolean): RefundNoticeKind | null {
  switch (reason) {
    case 'late_payment':
      return 'late-payment';
    case 'organiser':
      return cancelsOrder ? 'organiser-full' : 'organiser-partial';
    case 'order_canceled':
      return 'order-canceled';
    case 'duplicate_payment':
      return 'duplicate-payment';
    default:
      return null;
  }
}

/** One refund e-mail per refund id, whatever route (or how many copies of) its event took. */
export function refundDedupeKey(refundId: string): string {
  return `order-refunded-${refundId}`;
}

/** The guest's order page (/order/{orderId}?key={accessKey}, Dutch under /nl), which follows the order for them. */
export function orderPageLink(siteUrl: string, locale: Locale, orderId: string, accessKey: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  return `${base}/${locale === 'nl' ? 'nl/' : ''}order/${encodeURIComponent(orderId)}?${accessKeyQuery(accessKey)}`;
}

/** An amount in minor units as the guest reads it: the order's currency, the e-mail's language (€12.50 / € 12,50). */
export function formatAmount(amountMinor: number, currency: string, locale: Locale): string {
  return formatMoney(money(amountMinor, currency), locale === 'nl' ? 'nl-NL' : 'en-GB');
}
