import type { Locale } from '@kassa/contracts/locales';
import {
  formatAmount,
  orderPageLink,
  refundDedupeKey,
  refundNoticeKind,
  type RefundNoticeKind,
} from '../../src/domain/order-refund-notice';
import { type OrderRefundedPayload, recordedSubject, renderTemplate } from '../../src/templates/render-email';

const siteUrl = 'http://localhost:3000';
const orderId = 'ord_01jd8k6m2q3r4s5t6v7w8x9y0z';
const orderAccessKey = 'the_orders_access_keys';
const base = { orderId, orderAccessKey, orderNumber: 'K7F3-9QX2', amountMinor: 4250, currency: 'EUR' };
const payload = (kind: RefundNoticeKind, fields: Partial<OrderRefundedPayload> = {}): OrderRefundedPayload => ({
  ...base,
  kind,
  ...fields,
});
// Intl puts a no-break space between the sign and the amount in Dutch; the plain-text part keeps it.
const nbsp = '\u00a0';

describe('refundNoticeKind', () => {
  it('picks one notice per reason, and splits the organiser refund into full and partial', () => {
    expect(refundNoticeKind('late_payment', false)).toBe('late-payment');
    expect(refundNoticeKind('organiser', true)).toBe('organiser-full');
    expect(refundNoticeKind('organiser', false)).toBe('organiser-partial');
    expect(refundNoticeKind('order_canceled', false)).toBe('order-canceled');
    expect(refundNoticeKind('duplicate_payment', false)).toBe('duplicate-payment');
  });

  it('has no notice for a reason it does not know', () => {
    expect(refundNoticeKind('goodwill', false)).toBeNull();
    expect(refundNoticeKind('', true)).toBeNull();
  });

  it('keys the message by refund id', () => {
    expect(refundDedupeKey('ref_01jd8k6m2q3r4s5t6v7w8x9y0z')).toBe('order-refunded-ref_01jd8k6m2q3r4s5t6v7w8x9y0z');
  });
});

describe('formatAmount and orderPageLink', () => {
  it('formats money in the order currency and the e-mail language', () => {
    expect(formatAmount(4250, 'EUR', 'en')).toBe('€42.50');
    expect(formatAmount(123450, 'EUR', 'nl')).toBe(`€${nbsp}1.234,50`);
    expect(formatAmount(1500, 'JPY', 'en')).toBe('JP¥1,500');
    expect(formatAmount(300, 'USD', 'nl')).toBe(`US$${nbsp}3,00`);
  });

  it('links the guest order page, Dutch under /nl', () => {
    expect(orderPageLink(siteUrl, 'en', orderId, orderAccessKey)).toBe(
      `http://localhost:3000/order/${orderId}?key=${orderAccessKey}`,
    );
    expect(orderPageLink('https://tickets.example.com/', 'nl', orderId, orderAccessKey)).toBe(
      `https://tickets.example.com/nl/order/${orderId}?key=${orderAccessKey}`,
    );
  });
});

describe('order-refunded e-mail', () => {
  const cases: { kind: RefundNoticeKind; locale: Locale; subject: string; says: string[] }[] = [
    {
      kind: 'late-payment',
      locale: 'en',
      subject: 'Your payment for order K7F3-9QX2 has been refunded',
      says: [
        'Your payment came in after your reservation had ended and the tickets were no longer available, so we have refunded it in full: €42.50 for order K7F3-9QX2.',
        'It can take a few days before the refund shows on your bank or card statement.',
      ],
    },
    {
      kind: 'late-payment',
      locale: 'nl',
      subject: 'Je betaling voor bestelling K7F3-9QX2 is terugbetaald',
      says: [
        'Je betaling kwam binnen nadat je reservering was verlopen en de tickets niet meer beschikbaar waren.',
        `Daarom hebben we het volledige bedrag terugbetaald: €${nbsp}42,50 voor bestelling K7F3-9QX2.`,
        'Het kan een paar dagen duren voordat de terugbetaling op je bank- of creditcardafschrift staat.',
      ],
    },
    {
      kind: 'organiser-full',
      locale: 'en',
      subject: 'Order K7F3-9QX2 has been refunded and canceled',
      says: [
        'The organiser refunded €42.50 of order K7F3-9QX2.',
        'The order is canceled and its tickets are no longer valid.',
      ],
    },
    {
      kind: 'organiser-full',
      locale: 'nl',
      subject: 'Bestelling K7F3-9QX2 is terugbetaald en geannuleerd',
      says: [
        `De organisator heeft €${nbsp}42,50 van bestelling K7F3-9QX2 terugbetaald.`,
        'De bestelling is geannuleerd en de tickets zijn niet meer geldig.',
      ],
    },
    {
      kind: 'organiser-partial',
      locale: 'en',
      subject: 'Partial refund for order K7F3-9QX2',
      says: ['The organiser refunded €42.50 of order K7F3-9QX2.', 'Your tickets stay valid'],
    },
    {
      kind: 'organiser-partial',
      locale: 'nl',
      subject: 'Gedeeltelijke terugbetaling voor bestelling K7F3-9QX2',
      says: [`De organisator heeft €${nbsp}42,50 van bestelling K7F3-9QX2 terugbetaald.`, 'Je tickets blijven geldig'],
    },
    {
      kind: 'order-canceled',
      locale: 'en',
      subject: 'Order K7F3-9QX2 was canceled and your payment refunded',
      says: ['Order K7F3-9QX2 was canceled by the organiser, so we have refunded your payment of €42.50 in full.'],
    },
    {
      kind: 'order-canceled',
      locale: 'nl',
      subject: 'Bestelling K7F3-9QX2 is geannuleerd en je betaling terugbetaald',
      says: [
        `Bestelling K7F3-9QX2 is door de organisator geannuleerd. Daarom hebben we je betaling van €${nbsp}42,50 volledig terugbetaald.`,
      ],
    },
    {
      kind: 'duplicate-payment',
      locale: 'en',
      subject: 'You paid twice for order K7F3-9QX2: we refunded one payment',
      says: [
        'You paid twice for order K7F3-9QX2; we refunded the second payment of €42.50.',
        'Your order is paid and stays valid',
      ],
    },
    {
      kind: 'duplicate-payment',
      locale: 'nl',
      subject: 'Je hebt twee keer betaald voor bestelling K7F3-9QX2: we hebben één betaling terugbetaald',
      says: [
        `Je hebt twee keer betaald voor bestelling K7F3-9QX2; we hebben de tweede betaling van €${nbsp}42,50 terugbetaald.`,
        'Je bestelling is betaald en blijft geldig',
      ],
    },
  ];

  it.each(cases)(
    '$kind in $locale says what happened, with the number and the amount',
    async ({ kind, locale, subject, says }) => {
      const mail = await renderTemplate('order-refunded', payload(kind), { locale, siteUrl });
      expect(mail.subject).toBe(subject);
      expect(recordedSubject('order-refunded', locale, payload(kind))).toBe(subject);
      expect(mail.html).toContain(`lang="${locale}"`);
      const text = mail.text.replace(/\s*\n\s*/g, ' ');
      for (const words of says) expect(text).toContain(words);
      expect(mail.text).toContain('K7F3-9QX2');
      expect(mail.text).toContain(formatAmount(4250, 'EUR', locale));
      expect(mail.html).toContain(`href="${orderPageLink(siteUrl, locale, orderId, orderAccessKey)}"`);
      expect(mail.replyTo).toBeUndefined();
    },
  );

  it('never mixes the copy of one reason into another', async () => {
    const partial = await renderTemplate('order-refunded', payload('organiser-partial'), { locale: 'en', siteUrl });
    expect(partial.text).not.toContain('no longer valid');
    const duplicate = await renderTemplate('order-refunded', payload('duplicate-payment'), { locale: 'en', siteUrl });
    expect(duplicate.text).not.toMatch(/canceled|no longer valid/);
    const late = await renderTemplate('order-refunded', payload('late-payment'), { locale: 'en', siteUrl });
    expect(late.text).not.toContain('organiser');
  });

  it('uses the order currency', async () => {
    const mail = await renderTemplate(
      'order-refunded',
      payload('organiser-partial', { amountMinor: 500, currency: 'USD' }),
      { locale: 'en', siteUrl },
    );
    expect(mail.text).toContain('The organiser refunded US$5.00 of order K7F3-9QX2.');
  });

  it('escapes the order number instead of injecting markup', async () => {
    const mail = await renderTemplate('order-refunded', payload('organiser-full', { orderNumber: '<b>X</b>' }), {
      locale: 'en',
      siteUrl,
    });
    expect(mail.html).not.toContain('<b>X</b>');
  });
});
