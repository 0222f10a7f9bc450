// What a screen gets back from a callback that talks to the BFF; the screens never see fetch or HTTP details beyond this.

export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  locale: string;
}

/**
 * How long the browser waits for the BFF before it gives up with a timeout error (§8). Well above the slowest answer
 * the BFF gives (each of its gRPC calls has a deadline of at most 20 s), so that only a hung request or connection reaches it.
 */
export const API_TIMEOUT_MS = 30_000;

export interface ApiFailure {
  ok: false;
  /** HTTP status; 0 when no answer came (the request did not reach the server, or timed out). */
  status: number;
  /** No answer within API_TIMEOUT_MS: the request may or may not have been carried out. */
  timedOut?: boolean;
  message: string;
  fields: Record<string, string>;
  retryAfterSeconds?: number;
}

export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

export interface RequestCodeInput {
  email: string;
  displayName?: string;
}
