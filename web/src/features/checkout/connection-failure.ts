import type { ApiFailure } from '../../lib/api-result';

/**
 * The sentence a checkout screen shows when a call got no usable answer, as a message key of its namespace: `timeout`
 * when nothing came back in time (the request may have arrived; trying again is safe, every checkout write is
 * idempotent), `unreachable` when there was no connection or the platform failed; null for any other answer.
 */
export function connectionFailure(result: ApiFailure): 'timeout' | 'unreachable' | null {
  if (result.timedOut) return 'timeout';
  if (result.status === 0 || result.status >= 500) return 'unreachable';
  return null;
}
