// The browser side of the BFF's route handlers: fetch, turned into the ApiResult the screens understand.
import { API_TIMEOUT_MS, type ApiFailure, type ApiResult } from '@kassa/web/lib/api-result';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function retryAfter(header: string | null): number | undefined {
  const seconds = header ? Number.parseInt(header, 10) : Number.NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

const noAnswer = (timedOut: boolean): ApiFailure => ({
  ok: false,
  status: 0,
  message: '',
  fields: {},
  ...(timedOut ? { timedOut: true } : {}),
});

/**
 * One request, given up after `timeoutMs` (§8: a request timeout raises a timeout error). A read that got no answer
 * (no connection, or none within the time) is sent once more: it is safe to repeat. A write is not repeated here,
 * since it may have been carried out; the screen says what happened and the guest or organiser decides.
 */
export async function callApi<T>(
  method: Method,
  url: string,
  body?: unknown,
  timeoutMs = API_TIMEOUT_MS,
): Promise<ApiResult<T>> {
  const first = await requestOnce<T>(method, url, body, timeoutMs);
  if (method === 'GET' && !first.ok && first.status === 0) return requestOnce<T>(method, url, body, timeoutMs);
  return first;
}

async function requestOnce<T>(method: Method, url: string, body: unknown, timeoutMs: number): Promise<ApiResult<T>> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let data: unknown;
  try {
    response = await fetch(url, {
      method,
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
    data = await response.json().catch((error: unknown) => {
      if (signal.aborted) throw error;
      return null;
    });
  } catch {
    return noAnswer(signal.aborted);
  }
  if (response.ok) return { ok: true, data: data as T };
  const error = (typeof data === 'object' && data !== null ? data : {}) as { message?: unknown; fields?: unknown };
  return {
    ok: false,
    status: response.status,
    message: typeof error.message === 'string' ? error.message : '',
    fields: typeof error.fields === 'object' && error.fields !== null ? (error.fields as Record<string, string>) : {},
    retryAfterSeconds: retryAfter(response.headers.get('retry-after')),
  };
}
