// Drawing a ticket's short human reference, e.g. "K7QF-2MXA". Its alphabet, form and how typed ones are read are the
// rules the browser shares (@kassa/contracts/ticket-reference). 31^8 ≈ 8.5 × 10^11 references: the database's unique
// index settles the rare collision and the issuer draws again. Pure: node:crypto only.
import { randomBytes } from 'node:crypto';
import {
  compactTicketReference,
  formatTicketReference,
  REFERENCE_ALPHABET,
  REFERENCE_LENGTH,
} from '@kassa/contracts/ticket-reference';

/** Bytes at or above this are dropped, so that every character is equally likely (256 is not a multiple of 31). */
const UNBIASED_LIMIT = 256 - (256 % REFERENCE_ALPHABET.length);

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
  return formatTicketReference(compact);
}

/** A search query's characters as they appear in a reference or order number without its dash ("k7qf-2m" → "K7QF2M"). */
export function compactReferenceQuery(query: string): string {
  return compactTicketReference(query);
}
