import { createHash } from 'node:crypto';

// RFC 7636: a verifier is 43–128 characters of the unreserved set; the S256 challenge is base64url(SHA-256(verifier)).
const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

export function isValidCodeVerifier(verifier: string): boolean {
  return CODE_VERIFIER_PATTERN.test(verifier);
}

/** 32 random bytes as base64url: 43 characters, 256 bits, the RFC's recommended size. */
export function createCodeVerifier(randomBytes: (size: number) => Buffer): string {
  return randomBytes(32).toString('base64url');
}

export function codeChallengeS256(verifier: string): string {
  if (!isValidCodeVerifier(verifier)) throw new Error('PKCE code verifier is malformed');
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
