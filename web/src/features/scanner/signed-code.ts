// The ticket code a QR holds (STEP6): "KT1.<keyId>.<payload>.<signature>", where
//   payload   = base64url(JSON.stringify({ t: ticketId, e: [eventIds…], s: seed }))
//   signature = base64url(Ed25519 over the ASCII bytes of "KT1.<keyId>.<payload>").
// Parsing never throws: a camera reads all kinds of codes (a URL, a boarding pass), and each is simply not ours.
// The code's textual shape (format, key id, length limit) is ticketing's, from @kassa/contracts/scan-input.
import { splitSignedCode } from '@kassa/contracts/scan-input';
import { decodeBase64Url } from './base64url';

export interface SignedCode {
  keyId: string;
  ticketId: string;
  eventIds: string[];
  seed: string;
  /** "KT1.<keyId>.<payload>": the bytes the signature covers. */
  signedText: string;
  /** 64 bytes. */
  signature: Uint8Array;
}

const TICKET_ID = /^tkt_[A-Za-z0-9]{1,64}$/;
const EVENT_ID = /^evt_[A-Za-z0-9]{1,64}$/;
const SIGNATURE_BYTES = 64;

function parsePayload(text: string): { t: string; e: string[]; s: string } | null {
  const bytes = decodeBase64Url(text);
  if (!bytes) return null;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { t, e, s } = value as Record<string, unknown>;
  if (typeof t !== 'string' || !TICKET_ID.test(t)) return null;
  if (
    !Array.isArray(e) ||
    e.length === 0 ||
    !e.every((id): id is string => typeof id === 'string' && EVENT_ID.test(id))
  )
    return null;
  if (typeof s !== 'string' || s === '') return null;
  return { t, e, s };
}

/** The code's parts, or null for anything that is not a well-formed KT1 code (the signature is not checked here). */
export function parseSignedCode(raw: unknown): SignedCode | null {
  if (typeof raw !== 'string') return null;
  const parts = splitSignedCode(raw.trim());
  if (!parts) return null;
  const signature = decodeBase64Url(parts.signature);
  if (!signature || signature.length !== SIGNATURE_BYTES) return null;
  const payload = parsePayload(parts.payload);
  if (!payload) return null;
  return {
    keyId: parts.keyId,
    ticketId: payload.t,
    eventIds: payload.e,
    seed: payload.s,
    signedText: parts.signedText,
    signature,
  };
}
