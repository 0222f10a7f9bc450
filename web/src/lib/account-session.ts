// What the account page knows about one of the signed-in person's sessions (GET /api/account/sessions).

export interface AccountSession {
  id: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; recorded at most once a minute. */
  lastSeenAt: string;
  /** Masked ('203.0.113.x'); '' when unknown. */
  clientIp: string;
  /** 'Chrome on Linux'; '' when not recognised. */
  userAgent: string;
  current: boolean;
}

export interface ProfileChanges {
  displayName?: string;
  locale?: string;
}
