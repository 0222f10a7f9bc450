// The browser side of the BFF's route handlers: fetch, turned into the ApiResult the screens understand.
import type { ApiResult } from '@kassa/web/lib/api-result';

function retryAfter(header: string | null): number | undefined {
  const seconds = header ? Number.parseInt(header, 10) : Number.NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

export async function callApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  let response: Response;
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
    });
  } catch {
    return { ok: false, status: 0, message: '', fields: {} };
  }
  const data: unknown = await response.json().catch(() => null);
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
