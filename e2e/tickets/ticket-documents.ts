// Reading what a guest receives as a person's tools would: the PDF's pages (pdf-lib), a QR image and the signed code
// it holds (testing/src/ticket-codes.ts). And signing the mail provider's delivery events as it would (Kassa-Signature).
import { createHmac } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFPage, PDFRef } from 'pdf-lib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const isPng = (bytes: Buffer): boolean => bytes.subarray(0, 8).equals(PNG_SIGNATURE);

export { parseTicketCode, readQrCodes, type TicketCodeParts } from '@kassa/testing/ticket-codes';

export interface PdfSummary {
  pageCount: number;
  title: string | undefined;
  /** Each page's content streams, decompressed, as Latin-1 text (drawing operators with hex-encoded strings). */
  pageContents: string[];
  /** Each page's size in points. */
  pageSizes: { width: number; height: number }[];
  /** How many images each page draws from its resources. */
  pageImages: number[];
}

function streamBytes(stream: unknown): Buffer {
  if (!(stream instanceof PDFRawStream)) return Buffer.alloc(0);
  const filter = stream.dict.get(PDFName.of('Filter'));
  const bytes = Buffer.from(stream.contents);
  return filter === PDFName.of('FlateDecode') ? inflateSync(bytes) : bytes;
}

function contentsOf(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => (ref instanceof PDFRef ? doc.context.lookup(ref) : ref))
    .map((stream) => streamBytes(stream).toString('latin1'))
    .join('\n');
}

function imagesOf(doc: PDFDocument, page: PDFPage): number {
  const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xObjects) return 0;
  return xObjects
    .entries()
    .map(([, ref]) => (ref instanceof PDFRef ? doc.context.lookup(ref) : ref))
    .filter(
      (object) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    ).length;
}

export async function readPdf(bytes: Buffer): Promise<PdfSummary> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = doc.getPages();
  return {
    pageCount: doc.getPageCount(),
    title: doc.getTitle(),
    pageContents: pages.map((page) => contentsOf(doc, page)),
    pageSizes: pages.map((page) => page.getSize()),
    pageImages: pages.map((page) => imagesOf(doc, page)),
  };
}

/** How pdf-lib writes a string in a standard font: the WinAnsi codes as an upper-case hex string. */
export const pdfHexText = (text: string): string => `<${Buffer.from(text, 'latin1').toString('hex').toUpperCase()}>`;

/** The "Kassa-Signature" header of a delivery event body: t=<unix>,v1=<hex HMAC-SHA256(secret, `${t}.${body}`)>. */
export function deliverySignature(secret: string, body: string, unixSeconds = Math.floor(Date.now() / 1000)): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}
