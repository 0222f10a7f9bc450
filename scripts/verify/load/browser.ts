// A buyer's browser as far as the BFF can tell: same-origin JSON requests (Origin and Sec-Fetch-Site as a browser
// sends them), from the buyer's own address (X-Forwarded-For, believed by a BFF behind a trusted proxy, TRUST_PROXY=1),
// and retried the way a guest retries: a request that found no server (connection refused or reset while a process
// restarts) is sent again until `retryForMs` has passed, a 5xx answer is retried a couple of times. Every answer and
// every failure is counted.
import { setTimeout as sleep } from 'node:timers/promises';

export interface HttpCounts {
  /** Answers by HTTP status (the last answer of each request, and every 5xx on the way). */
  byStatus: Record<string, number>;
  /** Answers of 500 and above, retried or not. */
  fiveXx: number;
  /** Requests that found no server or got no answer (each try counted). */
  networkErrors: number;
  /** Requests sent again after a network error or a 5xx. */
  retries: number;
  /** Requests that never got an answer within `retryForMs`. */
  gaveUp: number;
}

export const emptyHttpCounts = (): HttpCounts => ({ byStatus: {}, fiveXx: 0, networkErrors: 0, retries: 0, gaveUp: 0 });

export interface Answer {
  /** 0 when no answer came. */
  status: number;
  body: unknown;
}

export interface BrowserOptions {
  /** How long a request is retried while no server answers (a restart takes seconds). */
  retryForMs?: number;
  /** Retries of a 5xx answer. */
  serverErrorRetries?: number;
  /** One try's deadline. */
  requestTimeoutMs?: number;
}

/** The buyer's address: 10.x.y.z from the buyer number, so each buyer has one of their own. */
export const buyerAddress = (buyer: number): string => `10.${(buyer >> 16) & 255}.${(buyer >> 8) & 255}.${buyer & 255}`;

export class Browser {
  constructor(
    private readonly origin: string,
    private readonly counts: HttpCounts,
    private readonly options: BrowserOptions = {},
  ) {}

  /** One request as the buyer's browser sends it, retried as described above. */
  async call(buyer: number, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const retryForMs = this.options.retryForMs ?? 60_000;
    const serverErrorRetries = this.options.serverErrorRetries ?? 2;
    const started = Date.now();
    let serverErrors = 0;
    let backoffMs = 100;
    for (;;) {
      let answer: Answer | undefined;
      try {
        answer = await this.once(buyer, method, path, body);
      } catch {
        this.counts.networkErrors += 1;
      }
      if (answer && answer.status >= 500) {
        this.counts.fiveXx += 1;
        serverErrors += 1;
        if (serverErrors > serverErrorRetries) return this.answered(answer);
        this.count(answer.status);
      } else if (answer) {
        return this.answered(answer);
      }
      if (Date.now() - started > retryForMs) {
        this.counts.gaveUp += 1;
        return answer ? this.answered(answer) : { status: 0, body: undefined };
      }
      this.counts.retries += 1;
      await sleep(backoffMs);
      backoffMs = Math.min(2_000, backoffMs * 2);
    }
  }

  private answered(answer: Answer): Answer {
    this.count(answer.status);
    return answer;
  }

  private count(status: number): void {
    this.counts.byStatus[status] = (this.counts.byStatus[status] ?? 0) + 1;
  }

  private async once(buyer: number, method: string, path: string, body: unknown): Promise<Answer> {
    const response = await fetch(`${this.origin}${path}`, {
      method,
      headers: {
        origin: this.origin,
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': buyerAddress(buyer),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(this.options.requestTimeoutMs ?? 30_000),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed };
  }
}
