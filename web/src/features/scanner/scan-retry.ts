// Talking to the BFF from the door: a scan is retried with the same request (the same nonce, so ticketing answers
// it exactly as the first time and never admits twice) while the network fails, a bounded number of times. A
// failure that is the network's (no answer, or the BFF saying a service is unreachable) sends the scanner offline.
import type { ApiResult } from '../../lib/api-result';

/**
 * No answer at all, or the BFF unable to get one from ticketing (503, or any server error): worth retrying with the
 * same nonce, then working offline, because the queue at the door must keep moving.
 */
export function isNetworkFailure(result: ApiResult<unknown>): boolean {
  return !result.ok && (result.status === 0 || result.status >= 500);
}

/** The link was revoked or never existed (or the member lost the permission): stop scanning. */
export function isAccessRevoked(result: ApiResult<unknown>): boolean {
  return !result.ok && (result.status === 401 || result.status === 403 || result.status === 404);
}

export interface RetryOptions {
  /** Waits between attempts; the number of retries is its length. */
  delaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

export const SCAN_RETRY_DELAYS_MS = [300, 900] as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Calls until an answer that is not a network failure, or the retries are used up; the last answer either way. */
export async function withRetry<T>(
  call: () => Promise<ApiResult<T>>,
  { delaysMs = SCAN_RETRY_DELAYS_MS, sleep = wait }: RetryOptions = {},
): Promise<ApiResult<T>> {
  let result = await call();
  for (const delay of delaysMs) {
    if (!isNetworkFailure(result)) return result;
    await sleep(delay);
    result = await call();
  }
  return result;
}

/** A fresh scan nonce: a UUID (randomUUID, or the same shape from getRandomValues where randomUUID is missing). */
export function newScanNonce(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
