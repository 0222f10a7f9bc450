import { type BinaryLike, type ScryptOptions, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt with a random salt per password; the parameters travel in the stored value so they can grow later.
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

const derive = (password: BinaryLike, salt: Buffer, options: ScryptOptions, length: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, length, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** "scrypt$N$r$p$salt$hash" (base64url); the password itself is never stored. */
export async function hashShopPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password.normalize('NFC'), salt, PARAMS, KEY_BYTES);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from; compares in constant time, false for a malformed value. */
export async function verifyShopPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(
    password.normalize('NFC'),
    Buffer.from(salt, 'base64url'),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}
