// The camera's QR reader falls back to zxing-wasm, whose binary we serve ourselves from bff/public/scanner/ (never a
// CDN). The committed copy must be the very file of the zxing-wasm version barcode-detector uses, or the polyfill
// would load a binary its JavaScript does not match.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ZXING_WASM_SHA256, ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';

const served = readFileSync(path.join(__dirname, '../../public/scanner/zxing_reader.wasm'));

it('serves the zxing reader binary that barcode-detector expects', () => {
  expect(createHash('sha256').update(served).digest('hex')).toBe(ZXING_WASM_SHA256);
  const installed = readFileSync(
    require.resolve('zxing-wasm/reader/zxing_reader.wasm', { paths: [require.resolve('barcode-detector/ponyfill')] }),
  );
  expect(served.equals(installed)).toBe(true);
  expect(ZXING_WASM_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
});
