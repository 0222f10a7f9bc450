import { randomBytes } from 'node:crypto';

// Crockford base32 in lower case (no i, l, o, u), so ids sort by time as plain strings.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const TIME_LENGTH = 10;
const RANDOM_LENGTH = 16;

let lastTime = -1;
let lastRandom: number[] = [];

function encodeTime(time: number): string {
  let rest = time;
  let out = '';
  for (let i = 0; i < TIME_LENGTH; i++) {
    out = ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

function freshRandom(): number[] {
  // 16 characters × 5 bits = 80 random bits; one byte per character, masked to 5 bits.
  return Array.from(randomBytes(RANDOM_LENGTH), (byte) => byte & 31);
}

/** Adds one to the random part; within one millisecond this keeps ids strictly increasing. */
function increment(random: number[]): number[] | undefined {
  const next = [...random];
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i]! < 31) {
      next[i]! += 1;
      return next;
    }
    next[i] = 0;
  }
  return undefined; // 2^80 ids in one millisecond: overflow
}

/** A 26-character lower-case ULID, monotonic within this process. */
export function ulid(now: number = Date.now()): string {
  let time = now;
  if (time <= lastTime) {
    time = lastTime;
    const next = increment(lastRandom);
    if (next) {
      lastRandom = next;
    } else {
      time = lastTime + 1;
      lastRandom = freshRandom();
    }
  } else {
    lastRandom = freshRandom();
  }
  lastTime = time;
  return encodeTime(time) + lastRandom.map((n) => ALPHABET[n]).join('');
}

export const ULID_PATTERN = '[0-9a-hjkmnp-tv-z]{26}';
