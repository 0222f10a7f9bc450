import { decodePDFRawStream, PDFArray, PDFDocument, type PDFPage, PDFRawStream, StandardFonts } from 'pdf-lib';
import { qrPng } from '../../src/documents/qr-code';
import { encodable, TICKET_PAGE_SIZE, ticketsPdf, wrap } from '../../src/documents/tickets-pdf';
import type { OrderConfirmationPayload } from '../../src/domain/order-confirmation';
import { confirmationPayload } from '../fixtures/tickets-issued';

jest.setTimeout(30_000);

function qrImagesOf(payload: OrderConfirmationPayload): Map<string, Buffer> {
  return new Map(payload.tickets.map((ticket) => [ticket.id, qrPng(ticket.code)]));
}

/** The page's drawing instructions, inflated. */
function contentOf(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams
    .map((stream) =>
      stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '',
    )
    .join('\n');
}

/** pdf-lib writes text in the standard fonts as hex strings of its WinAnsi bytes. */
const shown = (text: string) => `<${Buffer.from(text, 'latin1').toString('hex').toUpperCase()}>`;

describe('the tickets PDF', () => {
  it('has one A6 page per ticket, each with its reference, item, order number, events and QR image', async () => {
    const payload = confirmationPayload();
    const pdf = await PDFDocument.load(await ticketsPdf(payload, 'en', qrImagesOf(payload)));
    expect(pdf.getPageCount()).toBe(payload.tickets.length);
    expect(pdf.getTitle()).toBe(`Tickets for order ${payload.orderNumber}`);

    pdf.getPages().forEach((page, index) => {
      const ticket = payload.tickets[index]!;
      expect([page.getWidth(), page.getHeight()]).toEqual(TICKET_PAGE_SIZE);
      const content = contentOf(page);
      expect(content).toContain(shown(ticket.reference));
      expect(content).toContain(shown(payload.orderNumber));
      expect(content).toContain(shown(ticket.itemName));
      expect(content).toContain(shown(`Ticket ${ticket.position} of ${ticket.ofCount}`));
      for (const eventId of ticket.eventIds) {
        expect(content).toContain(shown(payload.events.find((event) => event.id === eventId)!.name));
      }
      // Only the page's own reference: no ticket's code or reference shows on another's page.
      for (const other of payload.tickets.filter((candidate) => candidate !== ticket))
        expect(content).not.toContain(shown(other.reference));
      // One image drawn (the QR), as an XObject.
      expect(content.match(/\/Image-[\d-]+ Do/g) ?? []).toHaveLength(1);
    });
  });

  it('is in the order language', async () => {
    const payload = confirmationPayload();
    const pdf = await PDFDocument.load(await ticketsPdf(payload, 'nl', qrImagesOf(payload)));
    expect(pdf.getTitle()).toBe(`Tickets voor bestelling ${payload.orderNumber}`);
    expect(contentOf(pdf.getPage(0))).toContain(shown('Ticket 1 van 3'));
  });

  it('survives names the standard fonts cannot write, and a single ticket', async () => {
    const base = confirmationPayload();
    const payload: OrderConfirmationPayload = {
      ...base,
      tickets: [{ ...base.tickets[0]!, itemName: 'Früh-Ticket ✨', position: 1, ofCount: 1 }],
      events: base.events.map((event) => ({ ...event, name: `Łódź 音楽祭 ${'Very long name '.repeat(8)}` })),
    };
    const pdf = await PDFDocument.load(await ticketsPdf(payload, 'en', qrImagesOf(payload)));
    expect(pdf.getPageCount()).toBe(1);
    const content = contentOf(pdf.getPage(0));
    expect(content).toContain(shown('Früh-Ticket ?'));
    // The long name wraps: its first line starts with what the font can write of it.
    expect(content).toContain(shown('?ódz ??? Very long name').slice(0, -1));
  });

  it('needs a QR image for every ticket', async () => {
    const payload = confirmationPayload();
    await expect(ticketsPdf(payload, 'en', new Map())).rejects.toThrow(/No QR image/);
  });
});

describe('text in the standard fonts', () => {
  it('keeps Latin-1 and the euro, drops accents it cannot write (ź → z), and replaces the rest', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(encodable(font, 'Café € 12,50 – “ok”')).toBe('Café € 12,50 – “ok”');
    expect(encodable(font, 'Łódź')).toBe('?ódz');
    expect(encodable(font, '音楽 🎉')).toBe('?? ?');
  });

  it('wraps to the width and never loses a word', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const text = 'Summer Concert in the Park with a Supercalifragilisticexpialidocious encore';
    const lines = wrap(font, text, 12, 100);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 12)).toBeLessThanOrEqual(100);
    expect(lines.join(' ').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
  });
});
