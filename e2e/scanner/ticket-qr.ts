// Reading a ticket's QR code as a phone's camera would: a picture of the guest's ticket page, decoded with ZXing (the
// reader the scanner page itself falls back to), from its own package and .wasm file, never from a CDN.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let zxingReady: Promise<unknown> | undefined;

/** The texts of the QR codes in an image (PNG here). */
export async function readQrCodes(image: Buffer): Promise<string[]> {
  zxingReady ??= (async () => {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    return prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
  })();
  await zxingReady;
  const results = await readBarcodes(new Uint8Array(image), { formats: ['QRCode'], tryHarder: true });
  return results.filter((result) => result.isValid).map((result) => result.text);
}

/** What the QR on the ticket page open in `page` holds: exactly one code, or the test fails saying what it saw. */
export async function codeOnTicketPage(page: Page): Promise<string> {
  const picture = await page.getByTestId('ticket-qr').screenshot();
  const codes = await readQrCodes(picture);
  if (codes.length !== 1) throw new Error(`expected one QR code on ${page.url()}, read ${codes.length}`);
  return codes[0]!;
}

/** The signed code's ticket and events ("KT1.<keyId>.<base64url JSON {t, e, s}>.<signature>", STEP6). */
export function ticketOfCode(code: string): { ticketId: string; eventIds: string[] } {
  const parts = code.split('.');
  if (parts.length !== 4 || parts[0] !== 'KT1') throw new Error(`not a Kassa ticket code: ${code.slice(0, 40)}…`);
  const payload = JSON.parse(Buffer.from(parts[2]!, 'base64url').toString('utf8')) as { t: string; e: string[] };
  return { ticketId: payload.t, eventIds: payload.e };
}
