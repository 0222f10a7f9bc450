/** A session ends after this long without use… */
export const SESSION_IDLE_TIMEOUT_MS = 14 * 24 * 60 * 60 * 1000;
/** …and after this long in any case, so a stolen cookie does not live forever. */
export const SESSION_ABSOLUTE_TIMEOUT_MS = 90 * 24 * 60 * 60 * 1000;
/** Use is recorded at most this often, so reading a session is not a write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/** base64url of 32 random bytes. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  revokedAt?: Date | null;
}

export function isWellFormedSessionToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function absoluteExpiry(session: Pick<SessionTimes, 'createdAt'>): Date {
  return new Date(session.createdAt.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS);
}

export function idleExpiry(session: Pick<SessionTimes, 'lastSeenAt'>): Date {
  return new Date(session.lastSeenAt.getTime() + SESSION_IDLE_TIMEOUT_MS);
}

/** The moment the session stops being valid if it is not used again. */
export function sessionExpiry(session: SessionTimes): Date {
  const idle = idleExpiry(session);
  const absolute = absoluteExpiry(session);
  return idle < absolute ? idle : absolute;
}

export function isSessionActive(session: SessionTimes, now: Date): boolean {
  return !session.revokedAt && sessionExpiry(session).getTime() > now.getTime();
}

export function shouldTouch(session: Pick<SessionTimes, 'lastSeenAt'>, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS;
}
