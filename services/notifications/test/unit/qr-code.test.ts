import { readFileSync } from 'node:fs';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { qrPng } from '../../src/documents/qr-code';
import { signedCode } from '../fixtures/tickets-issued';

jest.setTimeout(30_000);

beforeAll(async () => {
  // The decoder's wasm from the package itself (by default it would be fetched from a CDN).
  const wasm = readFileSync(
    require.resolve('zxing-wasm/reader').replace(/cjs[\\/]reader[\\/]index\.js$/, 'reader/zxing_reader.wasm'),
  );
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
});

describe("a ticket's QR image", () => {
  it('is a PNG that a scanner decodes to exactly the signed code, not mirrored', async () => {
    for (const code of [
      signedCode('tkt_01jd8k6m2q3r4s5t6v7w8x9y0z'),
      signedCode('tkt_01jd8k6m2q3r4s5t6v7w8x9y10'),
      'KT1.short',
    ]) {
      const png = qrPng(code);
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      const [result, ...others] = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
      expect(others).toEqual([]);
      expect(result).toMatchObject({ isValid: true, text: code, isMirrored: false, format: 'QRCode' });
    }
  });

  it('is about 480 pixels wide, with whole pixels per module', () => {
    const png = qrPng(signedCode('tkt_01jd8k6m2q3r4s5t6v7w8x9y0z'));
    const width = png.readUInt32BE(16);
    expect(png.readUInt32BE(20)).toBe(width);
    expect(width).toBeGreaterThanOrEqual(400);
    expect(width).toBeLessThanOrEqual(480);
  });
});
