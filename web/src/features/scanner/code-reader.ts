// Reading QR codes from the camera: the browser's own BarcodeDetector where it has one that reads QR codes (Android
// Chrome, Safari on recent iOS/macOS), else the barcode-detector polyfill over ZXing's WebAssembly. The .wasm file is
// served by us (bff/public/scanner/), never fetched from a CDN: the door may have a firewall, and it must not
// depend on anyone else's server.

/** Where the BFF serves zxing-wasm's reader binary (copied from node_modules/zxing-wasm/dist/reader/). */
export const ZXING_WASM_PATH = '/scanner/zxing_reader.wasm';

export interface CodeReader {
  /** Whether the browser's own detector is used. */
  native: boolean;
  /** The texts of the QR codes visible in the frame. */
  detect(source: HTMLVideoElement): Promise<string[]>;
}

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface DetectorConstructor {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<DetectorLike | undefined> {
  const Native = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  if (!Native) return undefined;
  try {
    const formats = await Native.getSupportedFormats();
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : undefined;
  } catch {
    return undefined;
  }
}

async function polyfillDetector(wasmUrl: string): Promise<DetectorLike> {
  const { BarcodeDetector, prepareZXingModule, ZXING_WASM_VERSION } = await import('barcode-detector/ponyfill');
  // The version in the query string: a new zxing-wasm is fetched anew, not taken from a stale cache.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? `${wasmUrl}?v=${ZXING_WASM_VERSION}` : prefix + path,
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

let reader: Promise<CodeReader> | undefined;

/** The page's one reader (the WebAssembly module is loaded once). */
export function getCodeReader(wasmUrl: string = ZXING_WASM_PATH): Promise<CodeReader> {
  reader ??= (async () => {
    const native = await nativeDetector();
    const detector = native ?? (await polyfillDetector(wasmUrl));
    return {
      native: native !== undefined,
      detect: async (source: HTMLVideoElement) =>
        (await detector.detect(source)).map((found) => found.rawValue).filter((text) => text !== ''),
    };
  })();
  // A failed load may succeed later (the .wasm fetch failed): do not keep the failure.
  reader.catch(() => {
    reader = undefined;
  });
  return reader;
}
