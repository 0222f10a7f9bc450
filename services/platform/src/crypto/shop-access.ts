import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

// Shop access tokens: catalog issues one when a guest gives a password shop's password, and ordering checks it at
// checkout. Both must agree byte for byte, hence this one implementation.

/**
 * The key of shop access tokens, derived from KASSA_SEALING_KEY like identity's keys (HKDF-SHA256, no salt, its
 * own info "kassa shop access"), so catalog and ordering share it without a second secret.
 */
export function deriveShopAccessKey(sealingKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', sealingKey, Buffer.alloc(0), 'kassa shop access', 32));
}

/**
 * The token that stands for a correct password: base64url HMAC-SHA256 over "shopId:passwordVersion". It names
 * the password version, so setting, changing or removing the password ends every earlier token.
 */
export function issueShopAccessToken(key: Buffer, shopId: string, passwordVersion: number): string {
  return createHmac('sha256', key).update(`${shopId}:${passwordVersion}`).digest('base64url');
}

/** Whether `token` was issued for this shop at this password version; constant-time, false for anything malformed. */
export function verifyShopAccessToken(key: Buffer, shopId: string, passwordVersion: number, token: string): boolean {
  if (typeof token !== 'string' || token === '') return false;
  const expected = Buffer.from(issueShopAccessToken(key, shopId, passwordVersion), 'base64url');
  const given = Buffer.from(token, 'base64url');
  // Buffer.from drops characters outside base64url; comparing the re-encoded form keeps "A=" from matching "A".
  if (given.length !== expected.length || given.toString('base64url') !== token) return false;
  return timingSafeEqual(given, expected);
}
