// A ticket's short human reference, e.g. "K7QF-2MXA": what a guest quotes and door staff type in when a QR code
// will not scan. Eight characters from an alphabet without 0/O, 1/I/L (nothing to misread on a phone screen or a
// crumpled print-out), shown as two groups of four. 31^8 ≈ 8.5 × 10^11 references: the database's unique index
// settles the rare collision and the issuer draws again. Pure: node:crypto only.
import { randomBytes } from 'node:crypto';

export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_LENGTH = 8;
/** Bytes at or above this are dropped, so that every character is equally likely (256 is not a multiple of 31). */
const UNBIASED_LIMIT = 256 - (256 % REFERENCE_ALPHABET.length);
const COMPACT = new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);

/** A fresh random reference in its display form "XXXX-XXXX". `random` is for tests. */
export function generateTicketReference(random: (size: number) => Uint8Array = randomBytes): string {
  let compact = '';
  while (compact.length < REFERENCE_LENGTH) {
    for (const byte of random(REFERENCE_LENGTH * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      compact += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
      if (compact.length === REFERENCE_LENGTH) break;
    }
  }
  return formatReference(compact);
}

/**
 * What someone typed, as the stored display form "XXXX-XXXX", or null when it cannot be a reference. Any case,
 * with or without the dash, surrounding and inner spaces ignored. Never throws.
 */
export function normaliseTicketReference(input: string): string | null {
  if (typeof input !== 'string' || input.length > 32) return null;
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  return COMPACT.test(compact) ? formatReference(compact) : null;
}

/** A search query's characters as they appear in a reference or order number without its dash ("k7qf-2m" → "K7QF2M"). */
export function compactReferenceQuery(query: string): string {
  return query.toUpperCase().replace(/[\s-]/g, '');
}

function formatReference(compact: string): string {
  return `${compact.slice(0, 4)}-${compact.slice(4)}`;
}
