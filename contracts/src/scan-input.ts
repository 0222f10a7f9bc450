// What a scanner reads or someone types at the door: a ticket's signed code (its QR) or its reference. The browser
// reads it to decide offline, the BFF bounds request bodies by the same limit, and ticketing reads it to decide (and
// stays the authority). Only the text's shape lives here (references in ./ticket-reference): decoding a code's payload
// and checking its signature stay with each side.
import { normaliseTicketReference } from './ticket-reference';

/**
 * Longer input is not a code ticketing made. A code grows by about 44 characters per event its item grants (250 for
 * one event; an item grants at most SHOP_LIMITS.itemEvents, 40, about 2,000 characters): the browser and the BFF used
 * to stop at 1,000, which refused the genuine code of a pass for 19 or more events. 4,096 is the one limit.
 */
export const SCAN_INPUT_MAX_LENGTH = 4096;

export type ScanInput =
  | { kind: 'code'; code: string }
  /** A reference in its stored form, "XXXX-XXXX". */
  | { kind: 'reference'; reference: string }
  | { kind: 'unreadable' };

/**
 * Reads a scanned or typed value. Anything with the signed code's prefix is a code (whether it is a well-formed,
 * genuine one is checked later); anything else is read as a reference, in any case, with or without its dash and
 * stray spaces (people type what they read). Whatever is neither is unreadable, and scans as "invalid". Never throws.
 */
export function readScanInput(raw: string): ScanInput {
  if (typeof raw !== 'string') return { kind: 'unreadable' };
  const text = raw.trim();
  if (text === '' || text.length > SCAN_INPUT_MAX_LENGTH) return { kind: 'unreadable' };
  if (text.startsWith(SIGNED_CODE_PREFIX)) return { kind: 'code', code: text };
  const reference = normaliseTicketReference(text);
  return reference ? { kind: 'reference', reference } : { kind: 'unreadable' };
}

// Signed codes (docs/ARCHITECTURE.md, Ticketing): "KT1.<keyId>.<payload>.<signature>", where
//   payload   = base64url(JSON.stringify({ t: ticketId, e: [eventIds…], s: seed }))
//   signature = base64url(Ed25519 over the ASCII bytes of "KT1.<keyId>.<payload>").

/** The signed code format's name, its first part. */
export const SIGNED_CODE_FORMAT = 'KT1';
/** What every signed code starts with; anything else is read as a typed reference. */
export const SIGNED_CODE_PREFIX = `${SIGNED_CODE_FORMAT}.`;
/**
 * An organisation's signing key id as ticketing makes it: "key_" and a lower-case ULID (Crockford base32, no i, l, o,
 * u). The browser used to take any 1–100 of A-Z, a-z, 0-9, "_" and "-"; no kit holds such a key, so such a code could
 * not verify anyway.
 */
export const SIGNED_CODE_KEY_ID_PATTERN = /^key_[0-9a-hjkmnp-tv-z]{26}$/;

const BASE64URL_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A signed code's parts as text, before anyone decoded the payload or checked the signature. */
export interface SignedCodeParts {
  keyId: string;
  /** base64url of the payload's JSON. */
  payload: string;
  /** base64url of the 64-byte Ed25519 signature. */
  signature: string;
  /** "KT1.<keyId>.<payload>": the exact ASCII the signature covers. */
  signedText: string;
}

export function isSignedCodeKeyId(value: unknown): value is string {
  return typeof value === 'string' && SIGNED_CODE_KEY_ID_PATTERN.test(value);
}

/**
 * A signed code's four parts, or null unless `code` is exactly "KT1.<keyId>.<payload>.<signature>" with a key id of
 * ticketing's shape and two non-empty base64url parts, within the length limit. Nothing is decoded here, and the text
 * is taken as it is (trim first where a scanner may add spaces). Never throws.
 */
export function splitSignedCode(code: string): SignedCodeParts | null {
  if (typeof code !== 'string' || code.length > SCAN_INPUT_MAX_LENGTH) return null;
  const parts = code.split('.');
  if (parts.length !== 4) return null;
  const [format, keyId, payload, signature] = parts as [string, string, string, string];
  if (format !== SIGNED_CODE_FORMAT || !isSignedCodeKeyId(keyId)) return null;
  if (!BASE64URL_PATTERN.test(payload) || !BASE64URL_PATTERN.test(signature)) return null;
  return { keyId, payload, signature, signedText: `${format}.${keyId}.${payload}` };
}
