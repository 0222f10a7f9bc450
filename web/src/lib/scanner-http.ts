// The scanner's calls to the BFF: JSON over fetch like the rest of the site, with a time limit, because at the door
// a request hanging on a dead connection is worse than one that fails at once and lets the offline kit decide.
import type { ApiResult } from './api-result';

export const SCANNER_REQUEST_TIMEOUT_MS = 6000;
/** A scan waits less: a guest stands there, and a retry with the same nonce is harmless. */
export const SCAN_REQUEST_TIMEOUT_MS = 4000;

export type ScannerCall = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => Promise<ApiResult<T>>;

export function createScannerCall(
  timeoutMs: number = SCANNER_REQUEST_TIMEOUT_MS,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): ScannerCall {
  return async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<ApiResult<T>> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers:
          body === undefined
            ? { accept: 'application/json' }
            : { accept: 'application/json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        cache: 'no-store',
        signal: controller.signal,
      });
    } catch {
      clearTimeout(timer);
      return { ok: false, status: 0, message: '', fields: {} };
    }
    try {
      const data: unknown = await response.json().catch(() => null);
      // An answer cut off (or timed out) halfway is no answer.
      if (response.ok)
        return data === null ? { ok: false, status: 0, message: '', fields: {} } : { ok: true, data: data as T };
      const error = (typeof data === 'object' && data !== null ? data : {}) as {
        message?: unknown;
        fields?: unknown;
        retryAfterSeconds?: unknown;
      };
      const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
      return {
        ok: false,
        status: response.status,
        message: typeof error.message === 'string' ? error.message : '',
        fields:
          typeof error.fields === 'object' && error.fields !== null ? (error.fields as Record<string, string>) : {},
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      };
    } finally {
      clearTimeout(timer);
    }
  };
}
