// A ticket's short human reference, e.g. "K7QF-2MXA": what a guest quotes and door staff type in when a QR code will
// not scan. Eight characters from an alphabet without 0/O and 1/I/L (nothing to misread on a phone screen or a
// crumpled print-out), shown and stored as two groups of four. Ticketing draws them (its domain/ticket-reference.ts);
// the browser and ticketing read typed ones by the same rule (readScanInput in ./scan-input).
// The browser used to accept any of A-Z and 0-9: ticketing never issues 0, 1, I, L or O, so those now read as no
// reference at all, on both sides.

export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_LENGTH = 8;
/** The characters before the dash in the stored form. */
const REFERENCE_GROUP_LENGTH = 4;
/** Typed input longer than this is not a reference, however many spaces and dashes pad it. */
export const REFERENCE_INPUT_MAX_LENGTH = 32;
/** The stored and displayed form, "XXXX-XXXX". */
export const REFERENCE_PATTERN = new RegExp(
  `^[${REFERENCE_ALPHABET}]{${REFERENCE_GROUP_LENGTH}}-[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH - REFERENCE_GROUP_LENGTH}}$`,
);

const COMPACT_REFERENCE_PATTERN = new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);

/** Upper case, without spaces and dashes ("k7qf-2m " → "K7QF2M"): how a reference, or part of one, is compared. */
export function compactTicketReference(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/** Eight alphabet characters in the stored form, "XXXX-XXXX". */
export function formatTicketReference(compact: string): string {
  return `${compact.slice(0, REFERENCE_GROUP_LENGTH)}-${compact.slice(REFERENCE_GROUP_LENGTH)}`;
}

/**
 * What someone typed, in the stored form "XXXX-XXXX", or null when it cannot be a reference. Any case, with or
 * without the dash, surrounding and inner spaces ignored. Never throws, whatever it is given.
 */
export function normaliseTicketReference(input: string): string | null {
  if (typeof input !== 'string' || input.length > REFERENCE_INPUT_MAX_LENGTH) return null;
  const compact = compactTicketReference(input);
  return COMPACT_REFERENCE_PATTERN.test(compact) ? formatTicketReference(compact) : null;
}
