// Names and attributes of the cookies the BFF sets. The browser never sees a token it could read from script.

export const SESSION_COOKIE = 'kassa_session';
/** Over https: the __Host- prefix makes the browser insist on Secure, Path=/ and no Domain (no subdomain can plant it). */
export const SECURE_SESSION_COOKIE = '__Host-kassa_session';
export const SESSION_COOKIE_NAMES = [SECURE_SESSION_COOKIE, SESSION_COOKIE] as const;

export const CHALLENGE_COOKIE = 'kassa_challenge';
export const CHALLENGE_COOKIE_PATH = '/api/_auth';
export const CHALLENGE_MAX_AGE_SECONDS = 600;

export interface CookieSpec {
  name: string;
  value: string;
  options: {
    httpOnly: true;
    secure: boolean;
    sameSite: 'lax';
    path: string;
    maxAge?: number;
  };
}

export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The session cookie lives exactly as long as the session can (its absolute expiry). */
export function sessionCookie(
  token: string,
  expiresAt: Date | undefined,
  secure: boolean,
  now = new Date(),
): CookieSpec {
  const maxAge = expiresAt ? Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)) : undefined;
  return {
    name: sessionCookieName(secure),
    value: token,
    options: { httpOnly: true, secure, sameSite: 'lax', path: '/', maxAge },
  };
}

export function clearedSessionCookie(name: string): CookieSpec {
  const secure = name === SECURE_SESSION_COOKIE;
  return { name, value: '', options: { httpOnly: true, secure, sameSite: 'lax', path: '/', maxAge: 0 } };
}

/** Binds the one-time code to the browser that asked for it; only the sign-in endpoints ever receive it. */
export function challengeCookie(challengeId: string, secure: boolean): CookieSpec {
  return {
    name: CHALLENGE_COOKIE,
    value: challengeId,
    options: {
      httpOnly: true,
      secure,
      sameSite: 'lax',
      path: CHALLENGE_COOKIE_PATH,
      maxAge: CHALLENGE_MAX_AGE_SECONDS,
    },
  };
}

export function clearedChallengeCookie(secure: boolean): CookieSpec {
  return { ...challengeCookie('', secure), options: { ...challengeCookie('', secure).options, maxAge: 0 } };
}

// Session tokens are 256-bit base64url strings; anything else is not worth a call to identity.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;
const CHALLENGE_PATTERN = /^[a-z]+_[0-9a-z]{10,64}$/;

export function isWellFormedSessionToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export function isWellFormedChallengeId(value: string): boolean {
  return CHALLENGE_PATTERN.test(value);
}

export interface CookieReader {
  get(name: string): { value: string } | undefined;
}

/** The session cookie the browser sent, under whichever name it was set. */
export function findSessionCookie(cookies: CookieReader): { name: string; value: string } | undefined {
  for (const name of SESSION_COOKIE_NAMES) {
    const cookie = cookies.get(name);
    if (cookie?.value) return { name, value: cookie.value };
  }
  return undefined;
}
