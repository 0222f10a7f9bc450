import type { Locale } from '@kassa/contracts/locales';
import { PDFDocument } from 'pdf-lib';
import {
  confirmationAttachmentNames,
  confirmationDedupeKey,
  formatEventTime,
  formatLocation,
  isVoided,
  qrContentId,
  resendDedupeKey,
  ticketPageLink,
  ticketsPdfName,
} from '../../src/domain/order-confirmation';
import { formatAmount } from '../../src/domain/order-refund-notice';
import { recordedSubject, renderTemplate } from '../../src/templates/render-email';
import { confirmationPayload } from '../fixtures/tickets-issued';

// Rendering draws QR codes and a PDF: slower than the other templates, above all on a busy machine.
jest.setTimeout(30_000);

const siteUrl = 'http://localhost:3000';
// Intl puts a no-break space between the sign and the amount in Dutch; compare with plain spaces.
const flat = (text: string) => text.replace(/[\s\u00a0]+/g, ' ');

describe('order confirmation helpers', () => {
  it('keys one confirmation per order and one resend per (order, key)', () => {
    expect(confirmationDedupeKey('ord_01jd8k6m2q3r4s5t6v7w8x9y0z')).toBe(
      'order-confirmation-ord_01jd8k6m2q3r4s5t6v7w8x9y0z',
    );
    expect(resendDedupeKey('ord_01jd8k6m2q3r4s5t6v7w8x9y0z', 'click-0001')).toBe(
      'order-resend-ord_01jd8k6m2q3r4s5t6v7w8x9y0z-click-0001',
    );
  });

  it('links the ticket page with its key, Dutch under /nl', () => {
    const ticket = { id: 'tkt_01jd8k6m2q3r4s5t6v7w8x9y0z', accessKey: 'the_orders_access_keys' };
    expect(ticketPageLink(siteUrl, 'en', ticket)).toBe(
      'http://localhost:3000/ticket/tkt_01jd8k6m2q3r4s5t6v7w8x9y0z?key=the_orders_access_keys',
    );
    expect(ticketPageLink('https://tickets.example.com/', 'nl', ticket)).toBe(
      'https://tickets.example.com/nl/ticket/tkt_01jd8k6m2q3r4s5t6v7w8x9y0z?key=the_orders_access_keys',
    );
  });

  it("formats when in the event's own time zone, named, and where", () => {
    const event = { startsAt: '2027-07-10T18:00:00Z', endsAt: '2027-07-10T21:30:00Z' };
    // Payloads recorded before events had zones: Amsterdam's, as they were shown then.
    expect(formatEventTime(event, 'en')).toBe('Saturday, 10 July 2027, 20:00–23:30 CEST');
    expect(formatEventTime(event, 'nl')).toBe('zaterdag 10 juli 2027, 20:00–23:30 CEST');
    expect(formatEventTime({ startsAt: '2027-07-10T18:00:00Z', endsAt: '2027-07-11T22:00:00Z' }, 'en')).toBe(
      'Saturday, 10 July 2027, 20:00 – 12 July 2027, 00:00 CEST',
    );
    expect(formatEventTime({ ...event, timeZone: 'Europe/London' }, 'en')).toBe(
      'Saturday, 10 July 2027, 19:00–22:30 BST',
    );
    expect(formatEventTime({ ...event, timeZone: 'America/New_York' }, 'en')).toBe(
      'Saturday, 10 July 2027, 14:00–17:30 GMT-4',
    );
    expect(formatLocation({ address: 'Vondelpark 1', postalCode: '1071 AA', city: 'Amsterdam', country: 'NL' })).toBe(
      'Vondelpark 1, 1071 AA Amsterdam, NL',
    );
    expect(formatLocation({ address: '', postalCode: '', city: '', country: '' })).toBe('');
  });

  it('names every file: a QR image per ticket, the PDF, and a Wallet pass per ticket when on', () => {
    const payload = confirmationPayload();
    const [a, b, c] = payload.tickets;
    expect(confirmationAttachmentNames(payload, false)).toEqual([
      `qr-${a!.reference}.png`,
      `qr-${b!.reference}.png`,
      `qr-${c!.reference}.png`,
      `tickets-${payload.orderNumber}.pdf`,
    ]);
    expect(confirmationAttachmentNames(payload, true).slice(4)).toEqual(
      [a, b, c].map((ticket) => `ticket-${ticket!.reference}.pkpass`),
    );
    expect(ticketsPdfName('K/2026 0042')).toBe('tickets-K-2026-0042.pdf');
  });

  it('counts a void only when it is not older than the issue', () => {
    const t = (s: string) => new Date(`2027-01-01T00:00:${s}Z`);
    expect(isVoided(t('10'), null)).toBe(false);
    expect(isVoided(null, t('05'))).toBe(true);
    expect(isVoided(t('10'), t('10'))).toBe(true);
    expect(isVoided(t('10'), t('20'))).toBe(true);
    expect(isVoided(t('10'), t('05'))).toBe(false);
  });
});

describe.each<Locale>(['en', 'nl'])('the order confirmation e-mail in %s', (locale) => {
  const payload = confirmationPayload();
  const money = (minor: number) => flat(formatAmount(minor, 'EUR', locale));
  const words =
    locale === 'en'
      ? {
          subtotal: 'Subtotal',
          discount: 'Discount (SUMMER10)',
          donation: 'Donation',
          fee: 'Transaction fee',
          total: 'Total',
          ticketOf: 'Ticket 1 of 3',
        }
      : {
          subtotal: 'Subtotaal',
          discount: 'Korting (SUMMER10)',
          donation: 'Donatie',
          fee: 'Transactiekosten',
          total: 'Totaal',
          ticketOf: 'Ticket 1 van 3',
        };

  it('has a subject naming the event and the order number', async () => {
    const mail = await renderTemplate('order-confirmation', payload, { locale, siteUrl });
    const expected =
      locale === 'en'
        ? `Your tickets for Summer Concert in the Park and 1 more event — order ${payload.orderNumber}`
        : `Je tickets voor Summer Concert in the Park en nog 1 evenement — bestelling ${payload.orderNumber}`;
    expect(mail.subject).toBe(expected);
    expect(recordedSubject('order-confirmation', locale, payload)).toBe(expected);
  });

  it('shows every ticket with its reference, QR image and page link, and every event with date and place', async () => {
    const mail = await renderTemplate('order-confirmation', payload, { locale, siteUrl });
    const prefix = locale === 'nl' ? '/nl' : '';
    for (const ticket of payload.tickets) {
      expect(mail.html).toContain(ticket.reference);
      expect(mail.text).toContain(ticket.reference);
      expect(mail.html).toContain(`src="cid:${qrContentId(ticket)}"`);
      expect(mail.html).toContain(`href="${siteUrl}${prefix}/ticket/${ticket.id}?key=${ticket.accessKey}"`);
      expect(mail.text).toContain(`${siteUrl}${prefix}/ticket/${ticket.id}?key=${ticket.accessKey}`);
      // The code is in the QR image only, never in the text a mail client may index or preview.
      expect(mail.html).not.toContain(ticket.code);
      expect(mail.text).not.toContain(ticket.code);
    }
    for (const event of payload.events) {
      expect(mail.text).toContain(event.name);
      expect(flat(mail.text)).toContain(formatEventTime(event, locale));
      expect(flat(mail.text)).toContain(formatLocation(event));
    }
    expect(flat(mail.text)).toContain(words.ticketOf);
    expect(mail.text).toContain(`${siteUrl}${prefix}/order/${payload.orderId}?key=${payload.orderAccessKey}`);
    expect(mail.html).toContain(`lang="${locale}"`);
  });

  it('lists each line and the money lines in the order currency and language', async () => {
    const mail = await renderTemplate('order-confirmation', payload, { locale, siteUrl });
    const text = flat(mail.text);
    expect(text).toContain(`Regular 2 × ${money(2500)} ${money(4500)}`);
    expect(text).toContain(`Weekend pass 1 × ${money(6000)} ${money(5400)}`);
    expect(text).toContain(`${words.subtotal} ${money(11000)}`);
    expect(text).toContain(`${words.discount} −${money(1100)}`);
    expect(text).toContain(`${words.donation} ${money(500)}`);
    expect(text).toContain(`${words.fee} ${money(147)}`);
    expect(text).toContain(`${words.total} ${money(10547)}`);
    expect(text).toContain(payload.orderNumber);
  });

  it('leaves out discount, donation and fee when there are none', async () => {
    const free = { ...payload, discountMinor: 0, donationMinor: 0, feeMinor: 0, totalMinor: payload.subtotalMinor };
    const text = flat((await renderTemplate('order-confirmation', free, { locale, siteUrl })).text);
    expect(text).not.toContain(words.donation);
    expect(text).not.toContain(words.fee);
    expect(text).not.toContain(words.discount);
    expect(text).toContain(`${words.total} ${money(payload.subtotalMinor)}`);
  });

  it('attaches each QR image inline and one PDF with a page per ticket', async () => {
    const mail = await renderTemplate('order-confirmation', payload, { locale, siteUrl });
    const attachments = mail.attachments ?? [];
    expect(attachments.map((attachment) => attachment.filename)).toEqual(confirmationAttachmentNames(payload, false));
    for (const ticket of payload.tickets) {
      const image = attachments.find((attachment) => attachment.cid === qrContentId(ticket));
      expect(image).toMatchObject({ contentType: 'image/png' });
      expect(image!.content.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    }
    const pdf = attachments.find((attachment) => attachment.filename === ticketsPdfName(payload.orderNumber));
    expect(pdf).toMatchObject({ contentType: 'application/pdf' });
    const doc = await PDFDocument.load(pdf!.content);
    expect(doc.getPageCount()).toBe(payload.tickets.length);
  });
});
