// What a ticket's QR code holds, read as a person's phone would: ZXing (the decoder the scanner page falls back to),
// loaded from its own package and .wasm file, never from a CDN; and the signed code's parts.
import { readFileSync } from 'node:fs';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let zxingReady: Promise<unknown> | undefined;

/** The texts of the QR codes in an encoded image (PNG) or in raw pixels. */
export async function readQrImage(image: Uint8Array | ImageData): Promise<string[]> {
  zxingReady ??= (async () => {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    return prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
      fireImmediately: true,
    });
  })();
  await zxingReady;
  const results = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true });
  return results.filter((result) => result.isValid).map((result) => result.text);
}

/** The texts of the QR codes in an image (PNG here). */
export const readQrCodes = (image: Buffer): Promise<string[]> => readQrImage(new Uint8Array(image));

/** "KT1.<keyId>.<payload>.<signature>" with payload base64url(JSON { t, e, s }): the ticket code's format. */
export interface TicketCodeParts {
  keyId: string;
  ticketId: string;
  eventIds: string[];
  seed: string;
  signature: string;
}

export function parseTicketCode(code: string): TicketCodeParts {
  const parts = code.split('.');
  if (parts.length !== 4 || parts[0] !== 'KT1') throw new Error(`not a Kassa ticket code: ${code.slice(0, 40)}…`);
  const payload = JSON.parse(Buffer.from(parts[2]!, 'base64url').toString('utf8')) as {
    t: string;
    e: string[];
    s: string;
  };
  return { keyId: parts[1]!, ticketId: payload.t, eventIds: payload.e, seed: payload.s, signature: parts[3]! };
}
