import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CallerKey, type CallerVerifiers, pairKey, type Workload, WORKLOADS } from './caller-credential';

// An attestation is a statement one workload makes for another to read later, carried by a third party that may not
// change it: ordering says "this order is payable, for this amount" at checkout, the BFF hands it to payments with the
// CreatePayment call, and payments need not ask ordering again. It is MACed under the key the signer and the reader
// already share for calls (pairKey), derived once more per purpose, so that a call's credential can never pass for an
// attestation or one purpose for another, and nobody but the signer and the reader can make one. It says nothing
// about the moment it is read: the reader decides how old a statement it will believe (docs/ARCHITECTURE.md,
// "Checkout hands payments a signed order").

const VERSION = 'a1';
// a1.<signer>.<issuedAt unix seconds>.<base64url payload>.<base64url HMAC-SHA256 (43 characters)>
const ATTESTATION_PATTERN = /^a1\.([a-z]{1,20})\.(\d{1,12})\.([A-Za-z0-9_-]{1,8000})\.([A-Za-z0-9_-]{43})$/;

function purposeKey(pair: Buffer, purpose: string): Buffer {
  return createHmac('sha256', pair).update(`kassa-attestation-${VERSION}\n${purpose}`).digest();
}

function mac(key: Buffer, signer: Workload, issuedAt: number, payload: string): Buffer {
  return createHmac('sha256', key).update(`${VERSION}\n${signer}\n${issuedAt}\n${payload}`).digest();
}

/** What `key`'s workload attests to `reader` for `purpose`: `payload`'s bytes, with the time it was said. */
export function attest(
  key: CallerKey,
  reader: Workload,
  purpose: string,
  payload: Uint8Array,
  nowMs: number = Date.now(),
): string {
  const issuedAt = Math.floor(nowMs / 1000);
  const body = Buffer.from(payload).toString('base64url');
  const tag = mac(purposeKey(pairKey(key.secret, reader), purpose), key.workload, issuedAt, body);
  return `${VERSION}.${key.workload}.${issuedAt}.${body}.${tag.toString('base64url')}`;
}

/**
 * The payload of an attestation `signer` made for this workload (whose call verifiers are `verifiers`) for `purpose`,
 * said at most `maxAgeSeconds` ago (and not in the future beyond that): undefined for anything else, a forgery, a
 * statement from another signer or for another purpose, or one too old.
 */
export function readAttestation(
  verifiers: CallerVerifiers,
  signer: Workload,
  purpose: string,
  attestation: string,
  maxAgeSeconds: number,
  nowMs: number = Date.now(),
): Uint8Array | undefined {
  const parts = ATTESTATION_PATTERN.exec(attestation);
  if (!parts || parts[1] !== signer || !(WORKLOADS as readonly string[]).includes(signer)) return undefined;
  const issuedAt = Number(parts[2]);
  const body = parts[3]!;
  const given = Buffer.from(parts[4]!, 'base64url');
  const genuine = (verifiers.get(signer) ?? []).some((pair) =>
    timingSafeEqual(mac(purposeKey(pair, purpose), signer, issuedAt, body), given),
  );
  if (!genuine || Math.abs(Math.floor(nowMs / 1000) - issuedAt) > maxAgeSeconds) return undefined;
  return Buffer.from(body, 'base64url');
}
