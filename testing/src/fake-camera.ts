import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { artifactsDir } from './processes';

/**
 * A video for Chromium's fake camera (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>`)
 * that shows one QR code, as a phone held up to a printed ticket would. Y4M (raw YUV 4:2:0) because Chromium reads
 * it without a decoder and loops it; a few identical frames are enough.
 */
export function writeQrVideo(name: string, text: string, { width = 640, height = 480, frames = 10 } = {}): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor(Math.min(width, height) / (modules + 2 * quiet));
  const size = scale * (modules + 2 * quiet);
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);

  // Luma: white page, black modules; chroma neutral (128) so the picture is grey-scale.
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules; row += 1) {
    for (let col = 0; col < modules; col += 1) {
      if (!qr.modules.get(row, col)) continue;
      const y0 = top + (row + quiet) * scale;
      const x0 = left + (col + quiet) * scale;
      for (let y = y0; y < y0 + scale; y += 1) luma.fill(16, y * width + x0, y * width + x0 + scale);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const path = join(artifactsDir, `${name}.y4m`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  return path;
}
