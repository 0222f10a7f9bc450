import { createHmac, timingSafeEqual } from 'node:crypto';
import { keySetting } from '../config/key-setting';
import { parseKey } from '../crypto';

// Services believe the actor a call names (kassa-actor-user-id) only when the call also proves it comes from a holder
// of KASSA_CALLER_KEY: an HMAC over the method, the actor and the time it was made. A pod that can connect but has no
// key (or anyone on the node network) can no longer act as whichever user it names.

/** The metadata that carries the credential: `v1.<issuedAt unix seconds>.<base64url HMAC-SHA256>`. */
export const CALLER_HEADER = 'kassa-caller';
/** How far a credential's time may be from the server's clock, either way (clock skew between pods). */
export const CALLER_SKEW_SECONDS = 300;

const VERSION = 'v1';
// HMAC-SHA256 is 32 bytes: 43 characters of unpadded base64url.
const CREDENTIAL_PATTERN = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export type CallerVerdict = 'ok' | 'missing' | 'malformed' | 'invalid' | 'expired';

function mac(key: Buffer, methodPath: string, actorUserId: string, issuedAt: number): Buffer {
  return createHmac('sha256', key).update(`${VERSION}\n${methodPath}\n${actorUserId}\n${issuedAt}`).digest();
}

/** The credential for one call of `methodPath` (e.g. /kassa.identity.v1.IdentityService/GetSession) acting for `actorUserId` ('' when anonymous). */
export function signCall(key: Buffer, methodPath: string, actorUserId: string | undefined, nowMs: number = Date.now()): string {
  const issuedAt = Math.floor(nowMs / 1000);
  return `${VERSION}.${issuedAt}.${mac(key, methodPath, actorUserId ?? '', issuedAt).toString('base64url')}`;
}

/**
 * Whether `credential` was made with one of `keys` (the current one, then the previous during a rotation) for this
 * method and actor, within CALLER_SKEW_SECONDS of now. The signature is checked before the time, so 'expired' means
 * a genuine credential from a clock that is off (or a replay), never a forgery.
 */
export function verifyCall(keys: Buffer[], methodPath: string, actorUserId: string | undefined, credential: string | undefined, nowMs: number = Date.now()): CallerVerdict {
  if (credential === undefined || credential === '') return 'missing';
  const parts = CREDENTIAL_PATTERN.exec(credential);
  if (!parts) return 'malformed';
  const issuedAt = Number(parts[1]);
  const given = Buffer.from(parts[2]!, 'base64url');
  const genuine = keys.some((key) => timingSafeEqual(mac(key, methodPath, actorUserId ?? '', issuedAt), given));
  if (!genuine) return 'invalid';
  return Math.abs(Math.floor(nowMs / 1000) - issuedAt) <= CALLER_SKEW_SECONDS ? 'ok' : 'expired';
}


/** The settings every service reads (spread into its loadConfig extras); docs/OPERATIONS.md explains the rotation. */
export const CALLER_KEY_SETTINGS = {
  /** base64url of 32 bytes, the same for every service and the BFF: signs every call this process makes, and checks the calls it gets. */
  KASSA_CALLER_KEY: keySetting,
  /** While KASSA_CALLER_KEY is rotated: the key it replaces, still accepted from callers not yet given the new one. */
  KASSA_CALLER_KEY_PREVIOUS: keySetting.optional(),
};

export interface CallerKeyConfig {
  KASSA_CALLER_KEY: string;
  KASSA_CALLER_KEY_PREVIOUS?: string;
}

/** The key a client signs with. */
export function callerKeyOf(config: CallerKeyConfig): Buffer {
  return parseKey(config.KASSA_CALLER_KEY);
}

/** The keys a server accepts: the current one, then the previous one during a rotation. */
export function callerKeysOf(config: CallerKeyConfig): Buffer[] {
  return [config.KASSA_CALLER_KEY, config.KASSA_CALLER_KEY_PREVIOUS].filter((text): text is string => text !== undefined).map(parseKey);
}
