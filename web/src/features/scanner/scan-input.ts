// What the scanner reads or someone types: a ticket's signed code (the QR) or its reference, as ticketing reads it
// (services/ticketing/src/domain/scan-input.ts): a reference in any case, with or without its dash.

/** Signed codes start with their format's name: "KT1.<keyId>.<payload>.<signature>". */
export const SIGNED_CODE_PREFIX = 'KT1.';
export const SCAN_INPUT_MAX_LENGTH = 1000;

export type ScanInput = { kind: 'code'; code: string } | { kind: 'reference'; reference: string } | { kind: 'unreadable' };

const REFERENCE_CHARACTERS = /^[A-Z0-9]{8}$/;

export function readScanInput(raw: string): ScanInput {
  const text = raw.trim();
  if (text === '' || text.length > SCAN_INPUT_MAX_LENGTH) return { kind: 'unreadable' };
  if (text.startsWith(SIGNED_CODE_PREFIX)) return { kind: 'code', code: text };
  const compact = text.replace(/[\s-]+/g, '').toUpperCase();
  if (!REFERENCE_CHARACTERS.test(compact)) return { kind: 'unreadable' };
  return { kind: 'reference', reference: `${compact.slice(0, 4)}-${compact.slice(4)}` };
}

/** "k7qf2mxa" or "K7QF-2MXA " → "K7QF-2MXA"; anything else unchanged (for matching the kit's references). */
export function normaliseReference(raw: string): string {
  const input = readScanInput(raw);
  return input.kind === 'reference' ? input.reference : raw.trim();
}
