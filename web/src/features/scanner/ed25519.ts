// Ed25519 signature checks for the offline scanner: the browser's own WebCrypto Ed25519 where it has one (current
// Chrome, Safari, Firefox), else @noble/ed25519, whose async verify hashes with WebCrypto's SHA-512. Both need a
// secure context, which the camera needs anyway.

/** True when `signature` is `publicKey`'s signature of `message`; never throws for malformed input. */
export type SignatureVerifier = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => Promise<boolean>;

/** The underlying ArrayBuffer-backed copy WebCrypto's typings want. */
const bufferOf = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

/** WebCrypto Ed25519; rejects (NotSupportedError) where the browser lacks it. */
export async function webCryptoVerify(
  signature: Uint8Array,
  message: Uint8Array,
  publicKey: Uint8Array,
): Promise<boolean> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('WebCrypto is not available');
  const key = await subtle.importKey('raw', bufferOf(publicKey), { name: 'Ed25519' }, false, ['verify']);
  return subtle.verify({ name: 'Ed25519' }, key, bufferOf(signature), bufferOf(message));
}

/** @noble/ed25519 with RFC 8032's strict rules (as WebCrypto and node:crypto apply them). */
export async function nobleVerify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): Promise<boolean> {
  const { verifyAsync } = await import('@noble/ed25519');
  return verifyAsync(signature, message, publicKey, { zip215: false });
}

// A key WebCrypto can import, to find out once whether it speaks Ed25519 (RFC 8032 test vector 1's public key).
const PROBE_KEY = new Uint8Array([
  0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe, 0xd3, 0xc9, 0x64, 0x07, 0x3a, 0x0e, 0xe1, 0x72,
  0xf3, 0xda, 0xa6, 0x23, 0x25, 0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a,
]);

async function hasWebCryptoEd25519(): Promise<boolean> {
  try {
    await globalThis.crypto.subtle.importKey('raw', PROBE_KEY, { name: 'Ed25519' }, false, ['verify']);
    return true;
  } catch {
    return false;
  }
}

/** The verifier this browser supports, decided on first use; a malformed key or signature is simply "false". */
export function createEd25519Verifier(): SignatureVerifier {
  let chosen: Promise<SignatureVerifier> | undefined;
  return async (signature, message, publicKey) => {
    chosen ??= hasWebCryptoEd25519().then((native) => (native ? webCryptoVerify : nobleVerify));
    const verify = await chosen;
    try {
      return await verify(signature, message, publicKey);
    } catch {
      return false;
    }
  };
}
