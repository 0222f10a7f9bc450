// Reading a ticket's QR code as a phone's camera would: a picture of the guest's ticket page, decoded with ZXing.
import type { Page } from 'playwright-core';
import { parseTicketCode, readQrCodes } from '@kassa/testing/ticket-codes';

/** What the QR on the ticket page open in `page` holds: exactly one code, or the test fails saying what it saw. */
export async function codeOnTicketPage(page: Page): Promise<string> {
  const picture = await page.getByTestId('ticket-qr').screenshot();
  const codes = await readQrCodes(picture);
  if (codes.length !== 1) throw new Error(`expected one QR code on ${page.url()}, read ${codes.length}`);
  return codes[0]!;
}

/** The signed code's ticket and events. */
export function ticketOfCode(code: string): { ticketId: string; eventIds: string[] } {
  const { ticketId, eventIds } = parseTicketCode(code);
  return { ticketId, eventIds };
}
