import { create } from 'qrcode';
import { squarePng } from './png';

/** About this many pixels per side: sharp on a phone held to a scanner and in print (A6, about 5 cm). */
const TARGET_WIDTH = 480;
/** The quiet zone around the symbol, in modules; scanners need it to find the code. */
const QUIET_ZONE = 4;

const black: [number, number, number] = [0, 0, 0];
const white: [number, number, number] = [255, 255, 255];

/**
 * A ticket's QR code as a PNG: the signed code exactly as the scanner verifies it. Error correction M (15 %) keeps the
 * symbol small enough for the ~150 characters of a code while surviving a cracked screen or a crease. The symbol comes
 * from `qrcode`; the image is drawn here with whole pixels per module, so every module has sharp edges.
 */
export function qrPng(code: string): Buffer {
  const { modules } = create(code, { errorCorrectionLevel: 'M' });
  const span = modules.size + 2 * QUIET_ZONE;
  const scale = Math.max(4, Math.floor(TARGET_WIDTH / span));
  return squarePng(span * scale, (x, y) => {
    const column = Math.floor(x / scale) - QUIET_ZONE;
    const row = Math.floor(y / scale) - QUIET_ZONE;
    const inside = column >= 0 && row >= 0 && column < modules.size && row < modules.size;
    return inside && modules.get(row, column) ? black : white;
  });
}
