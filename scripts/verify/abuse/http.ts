// A small HTTP client for the abuse checks: a cookie jar per simulated browser, a chosen client address (sent as
// X-Forwarded-For, which the BFF believes only with TRUST_PROXY=1, as behind its ingress), every header under the
// caller's control (a cross-site request must be able to leave Origin out) and the time each answer took.
import { keepSetCookies } from '@kassa/testing/api';
export { eventually } from '@kassa/testing/eventually';

export interface HttpAnswer {
  status: number;
  /** The body parsed as JSON, or its text when it is not JSON. */
  body: unknown;
  text: string;
  headers: Headers;
  /** From sending the request to having read the whole body. */
  ms: number;
}

export interface CallOptions {
  /** A JSON value (sent as application/json) or a raw string (sent with the content type in `headers`). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the same-origin Origin and Sec-Fetch-Site a browser adds to its own requests. */
  crossSite?: boolean;
}

/** A browser at one client address: keeps its cookies, sends same-origin headers unless told otherwise. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly ip?: string,
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<HttpAnswer> {
    const headers: Record<string, string> = {};
    if (!options.crossSite)
      Object.assign(headers, { origin: new URL(this.baseUrl).origin, 'sec-fetch-site': 'same-origin' });
    if (this.ip) headers['x-forwarded-for'] = this.ip;
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookieHeader) headers.cookie = cookieHeader;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      if (typeof options.body !== 'string') headers['content-type'] = 'application/json';
    }
    Object.assign(headers, options.headers);
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const ms = performance.now() - started;
    keepSetCookies(this.cookies, response.headers);
    return { status: response.status, body: parseJson(text), text, headers: response.headers, ms };
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A simulated client address: `group` keeps the attackers, the owners and the buyers apart, `n` numbers them.
 * Private 10/8 addresses: the BFF only passes them on to the rate limits and identity's records.
 */
export function clientAddress(group: number, n: number): string {
  return `10.${group}.${(n >> 8) & 255}.${n & 255}`;
}

/** Runs `work` over `items` with at most `concurrency` at a time; answers in the items' order. */
export async function inPool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** The body of a 2xx answer; anything else throws, naming the step. */
export function okBody<T>(answer: HttpAnswer, what: string): T {
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.body as T;
}
