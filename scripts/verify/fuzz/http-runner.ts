// Sends the HTTP cases to the BFF (a few at a time) and judges each answer.
import type { MessageCatalogue } from './answers';
import type { HttpCase } from './http-cases';
import { judgeHttp, type Finding } from './judge';

export interface HttpResult {
  request: HttpCase;
  status: number;
  findings: Finding[];
  /** Set when no answer came (the connection failed or timed out). */
  error?: string;
}

export async function sendHttpCase(
  bffUrl: string,
  request: HttpCase,
  catalogue: MessageCatalogue,
  attempt = 1,
): Promise<HttpResult> {
  const signal = AbortSignal.timeout(60_000);
  try {
    const response = await fetch(`${bffUrl}${request.target}`, {
      method: request.method,
      headers: request.headers,
      body:
        request.method === 'GET' || request.body === undefined
          ? undefined
          : typeof request.body === 'string'
            ? request.body
            : new Uint8Array(request.body),
      redirect: 'manual',
      signal,
    });
    const text = await response.text();
    const answer = { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
    return { request, status: response.status, findings: judgeHttp(request, answer, catalogue) };
  } catch (error) {
    // A kept-alive connection the server closed while idle (the fuzzing starts after a long wait for quiet
    // databases) fails before the request is even read: sent once more on a new connection, as a browser does. A
    // server that hung (the timeout) or is gone fails again and is counted.
    if (attempt === 1 && !signal.aborted) return sendHttpCase(bffUrl, request, catalogue, 2);
    // No answer at all: for the browser as bad as a 5xx.
    const message =
      (error as Error).cause instanceof Error
        ? `${(error as Error).message}: ${((error as Error).cause as Error).message}`
        : (error as Error).message;
    return { request, status: 0, findings: [{ kind: '5xx', what: `no answer (${message})` }], error: message };
  }
}

/** Runs `work` over `items` with at most `concurrency` at a time, in order of start. */
export async function inPool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
