// Human-readable order numbers: 8 characters of Crockford's base32 (no I, L, O, U) as "XXXX-XXXX", 40 random bits.
// Guests read them out on the phone; organisers type them in any case, with or without the dash. Unique by a
// database constraint; the rare collision is retried with a new number.

export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_NUMBER_BYTES = 5;
export const ORDER_NUMBER_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** Five random bytes → "XXXX-XXXX" (each character 5 bits, most significant first). */
export function formatOrderNumber(bytes: Uint8Array): string {
  if (bytes.length !== ORDER_NUMBER_BYTES)
    throw new Error(`An order number takes ${ORDER_NUMBER_BYTES} bytes, got ${bytes.length}`);
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = '';
  for (let shift = 35n; shift >= 0n; shift -= 5n) text += CROCKFORD[Number((value >> shift) & 31n)];
  return `${text.slice(0, 4)}-${text.slice(4)}`;
}

/**
 * What an organiser typed, as it compares with numbers stored without their dash: upper case, dash and spaces
 * dropped, and the letters people confuse read as Crockford does (O → 0, I and L → 1). '' when nothing is left.
 */
export function normaliseOrderNumberQuery(query: string): string {
  return query.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}
