// What a screen gets back from a callback that talks to the BFF; the screens never see fetch or HTTP details beyond this.

export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  locale: string;
}

export interface ApiFailure {
  ok: false;
  /** HTTP status; 0 when the request did not reach the server. */
  status: number;
  message: string;
  fields: Record<string, string>;
  retryAfterSeconds?: number;
}

export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

export interface RequestCodeInput {
  email: string;
  displayName?: string;
}
