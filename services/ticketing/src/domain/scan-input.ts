// What a scanner sends as `code`: the QR's signed code, or a reference someone typed in at the door.
import { MAX_TICKET_CODE_LENGTH, TICKET_CODE_VERSION } from './ticket-code';
import { normaliseTicketReference } from './ticket-reference';

export type ScanInput =
  | { kind: 'code'; code: string }
  /** A reference in its stored form, "XXXX-XXXX". */
  | { kind: 'reference'; reference: string }
  | { kind: 'unreadable' };

/**
 * Reads a scanned or typed value. Anything in the signed code's format is a code (its signature is checked later);
 * anything else is read as a reference, in any case, with or without its dash and stray spaces (people type what
 * they read). Whatever is neither is unreadable, and scans as "invalid".
 */
export function readScanInput(raw: string): ScanInput {
  const text = raw.trim();
  if (text === '' || text.length > MAX_TICKET_CODE_LENGTH) return { kind: 'unreadable' };
  if (text.startsWith(`${TICKET_CODE_VERSION}.`)) return { kind: 'code', code: text };
  const reference = normaliseTicketReference(text);
  return reference ? { kind: 'reference', reference } : { kind: 'unreadable' };
}
