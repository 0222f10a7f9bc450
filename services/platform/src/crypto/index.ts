import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacSha256Hex(key: string | Buffer, value: string | Buffer): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** Compares two hex digests in constant time; different lengths or non-hex input are simply unequal. */
export function timingSafeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length || !/^[0-9a-f]*$/i.test(a) || !/^[0-9a-f]*$/i.test(b)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

function assertKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('An AES-256 key must be 32 bytes');
}

/** AES-256-GCM; returns base64url of iv ‖ ciphertext ‖ tag. */
export function sealString(key32: Buffer, plaintext: string): string {
  assertKey(key32);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key32, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
}

/** Reverses sealString; throws when the key is wrong or the value was tampered with. */
export function openString(key32: Buffer, sealed: string): string {
  assertKey(key32);
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed value is too short');
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key32, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

/** A 32-byte key from its base64url text (e.g. an environment variable); throws otherwise. */
export function parseKey(base64url: string): Buffer {
  const key = Buffer.from(base64url.trim(), 'base64url');
  if (key.length !== 32) throw new Error(`Key must be 32 bytes of base64url, got ${key.length} bytes`);
  return key;
}

export { deriveShopAccessKey, issueShopAccessToken, verifyShopAccessToken } from './shop-access';
