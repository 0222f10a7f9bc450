import { generateKeyPairSync, sign } from 'node:crypto';
import fc from 'fast-check';
import { nobleVerify, webCryptoVerify } from '../../src/features/scanner/ed25519';

// Both verifiers the offline scanner may pick must agree with node:crypto, which signs the tickets.
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const rawPublicKey = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32));
const message = new TextEncoder().encode('KT1.key_demo.eyJ0IjoidGt0XzEifQ');
const signature = new Uint8Array(sign(null, message, privateKey));

describe.each([
  ['@noble/ed25519 (browsers without WebCrypto Ed25519)', nobleVerify],
  ['WebCrypto Ed25519', webCryptoVerify],
])('%s', (_name, verify) => {
  it('accepts the signature node:crypto made', async () => {
    await expect(verify(signature, message, rawPublicKey)).resolves.toBe(true);
  });

  it('refuses any one-byte change of the signature or the message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.nat(), fc.integer({ min: 1, max: 255 }), async (inSignature, at, flip) => {
        const sig = new Uint8Array(signature);
        const msg = new Uint8Array(message);
        const target = inSignature ? sig : msg;
        target[at % target.length]! ^= flip;
        await expect(verify(sig, msg, rawPublicKey).catch(() => false)).resolves.toBe(false);
      }),
      { numRuns: 60 },
    );
  });
});
