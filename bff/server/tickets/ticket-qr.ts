// A ticket's signed code as an SVG QR code, drawn on the server so the page needs no script to show it and the
// printout matches the screen. Error correction M survives a creased printout or a scratched screen; the quiet
// zone of 2 modules is enough with the white padding the page adds around it.
import QRCode from 'qrcode';

export async function ticketQrSvg(code: string): Promise<string> {
  if (!code) return '';
  return QRCode.toString(code, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
}
