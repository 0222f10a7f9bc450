// What a ticket's QR holds, read from the ticket page as a guest's phone shows it, without a browser: the page's SVG
// (drawn by the `qrcode` package as one stroked path of horizontal runs) is turned back into its modules, painted
// into pixels and decoded with ZXing, the decoder the scanner page itself falls back to.
import { readQrImage } from '@kassa/testing/ticket-codes';

/** The QR code's dark modules, row by row, from the SVG `qrcode` draws (`viewBox="0 0 n n"`, runs of `h` strokes). */
export function qrModulesFromSvg(svg: string): boolean[][] {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const path = /<path[^>]*\bstroke="[^"]+"[^>]*\bd="([^"]+)"/.exec(svg)?.[1];
  if (!Number.isInteger(size) || size <= 0 || !path) throw new Error('not a QR code SVG drawn by qrcode');
  const modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, command, args] of path.matchAll(/([MmHh])([^MmHh]*)/g)) {
    const numbers = args!
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (command === 'M') [x, y] = [numbers[0]!, numbers[1]!];
    else if (command === 'm') [x, y] = [x + numbers[0]!, y + numbers[1]!];
    else {
      const end = command === 'h' ? x + numbers[0]! : numbers[0]!;
      const row = Math.floor(y);
      for (let column = Math.round(x); column < Math.round(end); column++) modules[row]![column] = true;
      x = end;
    }
  }
  return modules;
}

/** The modules as RGBA pixels, `scale` pixels per module, dark on white. */
export function qrPixels(modules: boolean[][], scale = 4): { data: Uint8ClampedArray; width: number; height: number } {
  const width = modules.length * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let py = 0; py < width; py++) {
    for (let px = 0; px < width; px++) {
      if (!modules[Math.floor(py / scale)]![Math.floor(px / scale)]) continue;
      const offset = (py * width + px) * 4;
      data[offset] = data[offset + 1] = data[offset + 2] = 0;
    }
  }
  return { data, width, height: width };
}

/** The texts of the QR codes in an SVG drawn by `qrcode`. */
export async function readQrSvg(svg: string): Promise<string[]> {
  const pixels = { ...qrPixels(qrModulesFromSvg(svg)), colorSpace: 'srgb' } as unknown as ImageData;
  return readQrImage(pixels);
}

/** The SVG inside the ticket page's `data-testid="ticket-qr"` figure, or undefined when the page shows no code. */
export function ticketQrSvgOfPage(html: string): string | undefined {
  const start = html.indexOf('data-testid="ticket-qr"');
  if (start === -1) return undefined;
  const svgStart = html.indexOf('<svg', start);
  const svgEnd = html.indexOf('</svg>', svgStart);
  return svgStart === -1 || svgEnd === -1 ? undefined : html.slice(svgStart, svgEnd + '</svg>'.length);
}
