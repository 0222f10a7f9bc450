import type { Locale } from '@kassa/contracts/locales';
import { orderNoticeDedupeKey, orderNoticeKind, type OrderNoticeKind } from '../../src/domain/order-notice';
import { formatAmount, orderPageLink } from '../../src/domain/order-refund-notice';
import { type OrderNoticePayload, recordedSubject, renderTemplate } from '../../src/templates/render-email';

const siteUrl = 'http://localhost:3000';
const orderId = 'ord_01jd8k6m2q3r4s5t6v7w8x9y0z';
const orderAccessKey = 'the_orders_access_keys';
const payload = (kind: OrderNoticeKind, fields: Partial<OrderNoticePayload> = {}): OrderNoticePayload => ({
  kind,
  orderId,
  orderAccessKey,
  orderNumber: 'K7F3-9QX2',
  totalMinor: 4250,
  currency: 'EUR',
  ...fields,
});
const nbsp = '\u00a0';

describe('orderNoticeKind', () => {
  it('tells of a failed payment only while the order is held', () => {
    for (const status of ['reserved', 'pending'])
      expect(orderNoticeKind({ change: 'payment_failed', status, refundAmountMinor: null })).toBe('payment-failed');
    for (const status of ['paid', 'expired', 'canceled'])
      expect(orderNoticeKind({ change: 'payment_failed', status, refundAmountMinor: null })).toBeNull();
  });

  it('tells of an expired hold', () => {
    expect(orderNoticeKind({ change: 'expired', status: 'expired', refundAmountMinor: null })).toBe('hold-expired');
  });

  it('tells of a cancellation without money paid back, and leaves one with a refund to the refund e-mail', () => {
    expect(orderNoticeKind({ change: 'canceled', status: 'canceled', refundAmountMinor: null })).toBe('order-canceled');
    expect(orderNoticeKind({ change: 'canceled', status: 'canceled', refundAmountMinor: 0 })).toBe('order-canceled');
    expect(orderNoticeKind({ change: 'canceled', status: 'canceled', refundAmountMinor: 1 })).toBeNull();
  });

  it('has nothing to say about the other changes', () => {
    for (const change of ['reserved', 'pending', 'paid', 'refunded', ''])
      expect(orderNoticeKind({ change, status: 'paid', refundAmountMinor: null })).toBeNull();
  });

  it('keys the message by order and version, a failed payment by order alone', () => {
    expect(orderNoticeDedupeKey(orderId, 'hold-expired', 7)).toBe(`order-notice-${orderId}-v7`);
    expect(orderNoticeDedupeKey(orderId, 'order-canceled', 9)).toBe(`order-notice-${orderId}-v9`);
    expect(orderNoticeDedupeKey(orderId, 'payment-failed', 3)).toBe(orderNoticeDedupeKey(orderId, 'payment-failed', 5));
  });
});

describe('order-notice e-mail', () => {
  const cases: { kind: OrderNoticeKind; locale: Locale; subject: string; says: string[]; button: string }[] = [
    {
      kind: 'payment-failed',
      locale: 'en',
      subject: 'Your payment for order K7F3-9QX2 did not go through',
      says: [
        'Your payment of €42.50 for order K7F3-9QX2 failed or was aborted, so nothing was charged.',
        'Your tickets are still held for you for a short while.',
      ],
      button: 'Retry payment',
    },
    {
      kind: 'payment-failed',
      locale: 'nl',
      subject: 'Je betaling voor bestelling K7F3-9QX2 is niet gelukt',
      says: [`Je betaling van €${nbsp}42,50 voor bestelling K7F3-9QX2 is mislukt of afgebroken.`],
      button: 'Opnieuw betalen',
    },
    {
      kind: 'hold-expired',
      locale: 'en',
      subject: 'Your reservation for order K7F3-9QX2 has expired',
      says: [
        'Order K7F3-9QX2 (€42.50) was not paid in time, so we released its tickets and nothing was charged.',
        'if the tickets are still available, they are reserved for you again.',
      ],
      button: 'View your order',
    },
    {
      kind: 'hold-expired',
      locale: 'nl',
      subject: 'Je reservering voor bestelling K7F3-9QX2 is verlopen',
      says: [`Bestelling K7F3-9QX2 (€${nbsp}42,50) is niet op tijd betaald.`],
      button: 'Bestelling bekijken',
    },
    {
      kind: 'order-canceled',
      locale: 'en',
      subject: 'Order K7F3-9QX2 has been canceled',
      says: ['The organiser canceled order K7F3-9QX2. Nothing was charged, and its tickets are no longer valid.'],
      button: 'View your order',
    },
    {
      kind: 'order-canceled',
      locale: 'nl',
      subject: 'Bestelling K7F3-9QX2 is geannuleerd',
      says: ['De organisator heeft bestelling K7F3-9QX2 geannuleerd.'],
      button: 'Bestelling bekijken',
    },
  ];

  it.each(cases)('$kind in $locale says what happened and leads to the order', async (c) => {
    const mail = await renderTemplate('order-notice', payload(c.kind), { locale: c.locale, siteUrl });
    expect(mail.subject).toBe(c.subject);
    expect(recordedSubject('order-notice', c.locale, payload(c.kind))).toBe(c.subject);
    expect(mail.html).toContain(`lang="${c.locale}"`);
    const text = mail.text.replace(/\s*\n\s*/g, ' ');
    for (const words of c.says) expect(text).toContain(words);
    expect(mail.text).toContain(formatAmount(4250, 'EUR', c.locale));
    expect(mail.html).toContain(`href="${orderPageLink(siteUrl, c.locale, orderId, orderAccessKey)}"`);
    expect(mail.html).toContain(c.button);
  });

  it('escapes the order number instead of injecting markup', async () => {
    const mail = await renderTemplate('order-notice', payload('hold-expired', { orderNumber: '<b>X</b>' }), {
      locale: 'en',
      siteUrl,
    });
    expect(mail.html).not.toContain('<b>X</b>');
  });
});
