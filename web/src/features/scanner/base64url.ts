// Unpadded base64url (RFC 4648 §5), as the ticket codes and the offline kit's public keys are written. Own code
// rather than atob: it must refuse anything malformed without throwing, on every browser the door staff bring.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUES = new Map([...ALPHABET].map((character, index) => [character, index]));

/** The bytes, or null for text that is not canonical unpadded base64url. */
export function decodeBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (const character of text) {
    const value = VALUES.get(character);
    if (value === undefined) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at] = (buffer >> bits) & 0xff;
      at += 1;
    }
  }
  // Left-over bits must be zero, or two different texts would decode to the same bytes.
  if ((buffer & ((1 << bits) - 1)) !== 0) return null;
  return bytes;
}

export function encodeBase64Url(bytes: Uint8Array): string {
  let text = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      text += ALPHABET[(buffer >> bits) & 0x3f];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) text += ALPHABET[(buffer << (6 - bits)) & 0x3f];
  return text;
}
