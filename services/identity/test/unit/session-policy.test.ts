import {
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_TOUCH_INTERVAL_MS,
  isSessionActive,
  isWellFormedSessionToken,
  sessionExpiry,
  shouldTouch,
} from '../../src/domain/session-policy';

const created = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(created.getTime() + ms);

describe('session policy', () => {
  it('ends an unused session after the idle timeout', () => {
    const session = { createdAt: created, lastSeenAt: created, revokedAt: null };
    expect(sessionExpiry(session)).toEqual(at(SESSION_IDLE_TIMEOUT_MS));
    expect(isSessionActive(session, at(SESSION_IDLE_TIMEOUT_MS - 1))).toBe(true);
    expect(isSessionActive(session, at(SESSION_IDLE_TIMEOUT_MS))).toBe(false);
  });

  it('ends a session at the absolute timeout however recently it was used', () => {
    const session = { createdAt: created, lastSeenAt: at(SESSION_ABSOLUTE_TIMEOUT_MS - 1000), revokedAt: null };
    expect(sessionExpiry(session)).toEqual(at(SESSION_ABSOLUTE_TIMEOUT_MS));
    expect(isSessionActive(session, at(SESSION_ABSOLUTE_TIMEOUT_MS))).toBe(false);
  });

  it('treats a revoked session as ended at once', () => {
    expect(isSessionActive({ createdAt: created, lastSeenAt: created, revokedAt: created }, at(1))).toBe(false);
  });

  it('records use at most once per interval', () => {
    expect(shouldTouch({ lastSeenAt: created }, at(SESSION_TOUCH_INTERVAL_MS - 1))).toBe(false);
    expect(shouldTouch({ lastSeenAt: created }, at(SESSION_TOUCH_INTERVAL_MS))).toBe(true);
  });

  it('recognises only 43-character base64url tokens', () => {
    expect(isWellFormedSessionToken('a'.repeat(43))).toBe(true);
    expect(isWellFormedSessionToken('A-_9'.repeat(10) + 'abc')).toBe(true);
    for (const bad of ['', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}/`]) {
      expect(isWellFormedSessionToken(bad)).toBe(false);
    }
  });
});
