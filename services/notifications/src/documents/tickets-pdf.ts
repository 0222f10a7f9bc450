import type { Locale } from '@kassa/contracts/locales';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import {
  eventsOfTicket,
  formatEventTime,
  formatLocation,
  type OrderConfirmationPayload,
} from '../domain/order-confirmation';
import { orderConfirmationMessages } from '../templates/order-confirmation.messages';

/** A6 portrait in points: a ticket that prints four to an A4 sheet and reads well on a phone. */
export const TICKET_PAGE_SIZE: [number, number] = [297.64, 419.53];
const MARGIN = 22;
const MAX_EVENTS_SHOWN = 3;

const ink = rgb(0.094, 0.094, 0.106);
const muted = rgb(0.443, 0.443, 0.478);
const rule = rgb(0.894, 0.894, 0.906);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

/**
 * All tickets of an order as one PDF, one A6 page per ticket: the event(s) with date and location, the QR code, the item,
 * the reference and the order number. `qrImages` holds each ticket's QR PNG by ticket id (the same images the e-mail shows).
 */
export async function ticketsPdf(
  payload: OrderConfirmationPayload,
  locale: Locale,
  qrImages: Map<string, Buffer>,
): Promise<Buffer> {
  const t = orderConfirmationMessages[locale];
  const doc = await PDFDocument.create();
  const issuedAt = new Date(payload.issuedAt);
  doc.setTitle(t.pdf.title(payload.orderNumber));
  doc.setAuthor('Kassa');
  doc.setCreator('Kassa');
  doc.setProducer('Kassa');
  doc.setLanguage(locale === 'nl' ? 'nl-NL' : 'en-GB');
  // The issue time, not the render time: a resend produces the same document.
  if (!Number.isNaN(issuedAt.getTime())) {
    doc.setCreationDate(issuedAt);
    doc.setModificationDate(issuedAt);
  }
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.CourierBold),
  };

  for (const ticket of payload.tickets) {
    const png = qrImages.get(ticket.id);
    if (!png) throw new Error(`No QR image for ticket ${ticket.id}`);
    const page = doc.addPage(TICKET_PAGE_SIZE);
    const [width, height] = TICKET_PAGE_SIZE;
    const contentWidth = width - 2 * MARGIN;
    const write = writer(page, fonts);
    let y = height - MARGIN;

    // Header: the product and "Ticket 1 of 3".
    y -= 9;
    write('Kassa', MARGIN, y, { font: fonts.bold, size: 9, color: muted });
    const count = t.ticketOf(ticket.position, ticket.ofCount);
    write(count, width - MARGIN - textWidth(fonts.regular, count, 9), y, { size: 9, color: muted });
    y -= 10;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 0.75, color: rule });
    y -= 6;

    // The events it grants.
    const events = eventsOfTicket(payload, ticket);
    for (const event of events.slice(0, MAX_EVENTS_SHOWN)) {
      for (const line of wrap(fonts.bold, event.name, 13, contentWidth).slice(0, 2)) {
        y -= 15;
        write(line, MARGIN, y, { font: fonts.bold, size: 13 });
      }
      for (const detail of [formatEventTime(event, locale), formatLocation(event)].filter(Boolean)) {
        for (const line of wrap(fonts.regular, detail, 9, contentWidth).slice(0, 2)) {
          y -= 11;
          write(line, MARGIN, y, { size: 9, color: muted });
        }
      }
      y -= 4;
    }
    if (events.length > MAX_EVENTS_SHOWN) {
      y -= 11;
      write(t.pdf.moreEvents(events.length - MAX_EVENTS_SHOWN), MARGIN, y, { size: 9, color: muted });
    }

    // The QR code, as large as the space between the events and the details below allows.
    const detailsHeight = 96;
    const qrSize = Math.max(96, Math.min(176, y - MARGIN - detailsHeight - 8));
    y -= qrSize + 6;
    const image = await doc.embedPng(png);
    page.drawImage(image, { x: (width - qrSize) / 2, y, width: qrSize, height: qrSize });

    // Item, reference and order number.
    y -= 14;
    const item = wrap(fonts.bold, ticket.itemName, 11, contentWidth)[0] ?? '';
    write(item, (width - textWidth(fonts.bold, item, 11)) / 2, y, { font: fonts.bold, size: 11 });
    y -= 20;
    write(t.referenceLabel, MARGIN, y, { size: 8, color: muted });
    write(t.orderNumberLabel, width / 2 + 4, y, { size: 8, color: muted });
    y -= 14;
    write(ticket.reference, MARGIN, y, { font: fonts.mono, size: 13 });
    write(payload.orderNumber, width / 2 + 4, y, { font: fonts.mono, size: 13 });
    y -= 18;
    for (const line of wrap(fonts.regular, t.pdf.instructions, 8, contentWidth).slice(0, 3)) {
      write(line, MARGIN, y, { size: 8, color: muted });
      y -= 10;
    }
  }
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

interface TextStyle {
  font?: PDFFont;
  size: number;
  color?: ReturnType<typeof rgb>;
}

function writer(page: PDFPage, fonts: Fonts) {
  return (value: string, x: number, y: number, style: TextStyle): void => {
    const font = style.font ?? fonts.regular;
    page.drawText(encodable(font, value), { x, y, size: style.size, font, color: style.color ?? ink });
  };
}

function textWidth(font: PDFFont, value: string, size: number): number {
  return font.widthOfTextAtSize(encodable(font, value), size);
}

const characterSets = new WeakMap<PDFFont, Set<number>>();

/**
 * The standard PDF fonts cover Latin-1 and a few more (WinAnsi); an event named in another script must not make the
 * whole document fail. Accented letters outside the set lose their accent, anything else becomes '?'.
 */
export function encodable(font: PDFFont, value: string): string {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  const known = set;
  let out = '';
  for (const char of value.replace(/[\r\n\t]+/g, ' ')) {
    const point = char.codePointAt(0)!;
    if (known.has(point)) {
      out += char;
      continue;
    }
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += [...base].every((c) => known.has(c.codePointAt(0)!)) && base !== '' ? base : '?';
  }
  return out;
}

/** Greedy word wrap to a width; a word longer than a line is cut. */
export function wrap(font: PDFFont, value: string, size: number, maxWidth: number): string[] {
  const words = encodable(font, value).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > maxWidth && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > maxWidth) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}
