import { crc32, deflateSync } from 'node:zlib';

type Rgb = [number, number, number];

/**
 * A PNG of `size`×`size` pixels from a colour per pixel. Written here rather than through an image library: the
 * images are plain squares (QR modules, an icon), and this stays fast everywhere, test runners included.
 */
export function squarePng(size: number, colourAt: (x: number, y: number) => Rgb): Buffer {
  const stride = 1 + size * 3;
  const pixels = Buffer.alloc(stride * size);
  for (let y = 0; y < size; y += 1) {
    // Each row starts with its filter type: 0 (none).
    pixels[y * stride] = 0;
    for (let x = 0; x < size; x += 1) {
      const [r, g, b] = colourAt(x, y);
      const at = y * stride + 1 + x * 3;
      pixels[at] = r;
      pixels[at + 1] = g;
      pixels[at + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  // 8 bits per channel, colour type 2 (RGB), default compression, filter and no interlace.
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A square of one colour with a square of another inside: the Wallet pass icon (Apple requires icon.png). */
export function iconPng(size: number, outer: Rgb, inner: Rgb): Buffer {
  const inset = Math.round(size * 0.28);
  return squarePng(size, (x, y) => (x >= inset && x < size - inset && y >= inset && y < size - inset ? inner : outer));
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0, 0);
  return Buffer.concat([length, typeAndData, crc]);
}
