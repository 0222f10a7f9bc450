// The signed code a ticket's QR holds: "KT1.<keyId>.<payload>.<signature>" (see docs/ARCHITECTURE.md, Ticketing).
//   payload   = base64url(JSON.stringify({ t: ticketId, e: [eventIds…], s: seed }))
//   signature = base64url(Ed25519 over the ASCII bytes of "KT1.<keyId>.<payload>")
// A scanner verifies it without the network: a known key id, a valid signature, a ticket id not on the revocation
// list and the scanner's event among e[]. The seed (9 random bytes) makes every issue of a ticket a new code, so a
// re-issue invalidates the old one. The code's textual shape (format, key id, length limit) is shared with the
// browser's scanner (@kassa/contracts/scan-input). Pure: node:crypto only, no I/O.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { isSignedCodeKeyId, SIGNED_CODE_PREFIX, splitSignedCode } from '@kassa/contracts/scan-input';
import { isId } from '@kassa/platform/ids';

/** Random bytes of a seed; 9 bytes are exactly 12 base64url characters (no padding to tamper with). */
export const SEED_BYTES = 9;

const ED25519_SIGNATURE_BYTES = 64;
const ED25519_PUBLIC_KEY_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const SEED_PATTERN = /^[A-Za-z0-9_-]{12}$/;

/** What a code says, before anyone checked who signed it. */
export interface TicketCodeFields {
  keyId: string;
  ticketId: string;
  eventIds: string[];
  seed: string;
}

/** A code taken apart; `signedPart` and `signature` are what verification checks. */
export interface ParsedTicketCode extends TicketCodeFields {
  /** "KT1.<keyId>.<payload>": the exact ASCII that was signed. */
  signedPart: string;
  /** The 64-byte Ed25519 signature. */
  signature: Buffer;
}

/** A code whose signature verified with the named key. */
export type VerifiedTicketCode = TicketCodeFields;

/** A fresh seed: 9 bytes from the CSPRNG, base64url (12 characters). */
export function newTicketSeed(): string {
  return randomBytes(SEED_BYTES).toString('base64url');
}

/** Whether `value` is a key id ("key_" + ULID, as newId('key') makes them). */
export function isTicketKeyId(value: unknown): value is string {
  return isSignedCodeKeyId(value);
}

/**
 * Signs a ticket's code with its organisation's private key. Throws on fields that no ticket can have (a bug, not
 * input): every code this returns parses and verifies with the matching public key.
 */
export function signTicketCode(fields: TicketCodeFields, privateKey: KeyObject): string {
  assertFields(fields);
  const payload = Buffer.from(
    JSON.stringify({ t: fields.ticketId, e: fields.eventIds, s: fields.seed }),
    'utf8',
  ).toString('base64url');
  const signedPart = `${SIGNED_CODE_PREFIX}${fields.keyId}.${payload}`;
  const signature = sign(null, Buffer.from(signedPart, 'ascii'), privateKey).toString('base64url');
  return `${signedPart}.${signature}`;
}

/**
 * Takes a code apart without checking its signature; null for anything that is not exactly a code of this format
 * (never throws, whatever the input). Base64url parts must be canonical (re-encoding gives the same text), so two
 * different strings never carry the same signature or payload.
 */
export function parseTicketCode(code: string): ParsedTicketCode | null {
  const parts = splitSignedCode(code);
  if (!parts) return null;
  const payloadBytes = canonicalBase64url(parts.payload);
  const signature = canonicalBase64url(parts.signature);
  if (!payloadBytes || !signature || signature.length !== ED25519_SIGNATURE_BYTES) return null;
  const fields = readPayload(payloadBytes);
  if (!fields) return null;
  return { keyId: parts.keyId, ...fields, signedPart: parts.signedText, signature };
}

/**
 * The code's fields when it parses, `publicKeyFor` knows its key id and the signature verifies with that key;
 * null otherwise (never throws). Whether the ticket is revoked or grants the scanner's event is asked separately
 * (`isRevoked`, `grantsEvent`).
 */
export function verifyTicketCode(
  code: string,
  publicKeyFor: (keyId: string) => KeyObject | undefined,
): VerifiedTicketCode | null {
  const parsed = parseTicketCode(code);
  if (!parsed) return null;
  let key: KeyObject | undefined;
  try {
    key = publicKeyFor(parsed.keyId);
    if (!key || !verify(null, Buffer.from(parsed.signedPart, 'ascii'), key, parsed.signature)) return null;
  } catch {
    // A key that is not Ed25519 (or a lookup that failed) verifies nothing.
    return null;
  }
  return { keyId: parsed.keyId, ticketId: parsed.ticketId, eventIds: parsed.eventIds, seed: parsed.seed };
}

/** Whether a verified code's ticket is on the revocation list (its ticket was canceled). */
export function isRevoked(
  code: Pick<VerifiedTicketCode, 'ticketId'>,
  revoked: ReadonlySet<string> | ((ticketId: string) => boolean),
): boolean {
  return typeof revoked === 'function' ? revoked(code.ticketId) : revoked.has(code.ticketId);
}

/** Whether a verified code admits to this event. */
export function grantsEvent(code: Pick<VerifiedTicketCode, 'eventIds'>, eventId: string): boolean {
  return code.eventIds.includes(eventId);
}

/** A new Ed25519 key pair for an organisation's codes. */
export function generateTicketKeyPair(): { publicKey: KeyObject; privateKey: KeyObject } {
  return generateKeyPairSync('ed25519');
}

/** The raw 32-byte public key as base64url: what the offline kit carries (VerificationKey.public_key). */
export function exportRawPublicKey(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: 'jwk' });
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string')
    throw new Error('Not an Ed25519 public key');
  return jwk.x;
}

/** The public key from its raw base64url form; throws unless it is 32 canonical bytes. */
export function importRawPublicKey(raw: string): KeyObject {
  const bytes = canonicalBase64url(raw);
  if (!bytes || bytes.length !== ED25519_PUBLIC_KEY_BYTES)
    throw new Error('An Ed25519 public key is 32 bytes of base64url');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw }, format: 'jwk' });
}

/** PKCS#8 DER of a private key as base64url, for sealing; and back. */
export function exportPrivateKey(privateKey: KeyObject): string {
  return privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url');
}
export function importPrivateKey(pkcs8: string): KeyObject {
  const key = createPrivateKey({ key: Buffer.from(pkcs8, 'base64url'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('Not an Ed25519 private key');
  return key;
}

function canonicalBase64url(text: string): Buffer | null {
  if (text.length === 0 || !BASE64URL.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

function readPayload(bytes: Buffer): Omit<TicketCodeFields, 'keyId'> | null {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { t, e, s } = value as Record<string, unknown>;
  if (Object.keys(value).length !== 3 || !isId('tkt', t) || typeof s !== 'string' || !SEED_PATTERN.test(s)) return null;
  if (!Array.isArray(e) || e.length === 0 || !e.every((id) => isId('evt', id)) || new Set(e).size !== e.length)
    return null;
  return { ticketId: t, eventIds: [...(e as string[])], seed: s };
}

function assertFields(fields: TicketCodeFields): void {
  const problems: string[] = [];
  if (!isTicketKeyId(fields.keyId)) problems.push('keyId');
  if (!isId('tkt', fields.ticketId)) problems.push('ticketId');
  if (
    fields.eventIds.length === 0 ||
    !fields.eventIds.every((id) => isId('evt', id)) ||
    new Set(fields.eventIds).size !== fields.eventIds.length
  )
    problems.push('eventIds');
  if (!SEED_PATTERN.test(fields.seed)) problems.push('seed');
  if (problems.length > 0) throw new Error(`Cannot sign a ticket code with invalid ${problems.join(', ')}`);
}
