import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { ApiSession } from '@kassa/testing/api';
import { codeFrom, messagesTo, waitForMessagesTo } from '@kassa/testing/mail';
import { stackInfo } from '@kassa/testing/stack-info';

jest.setTimeout(60_000);
const stack = stackInfo();
const GENERIC = 'Some fields are not valid. Please check the form and try again.';
let db: Client;

beforeAll(async () => {
  db = new Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${stack.databases[0]}` });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});

/** Everything a sign-in attempt could change in identity's database. */
async function identityState(): Promise<string> {
  const { rows } =
    await db.query(`select (select count(*) from sign_in_challenges) as challenges, (select count(*) from users) as users,
    (select count(*) from sessions) as sessions, (select count(*) from sessions where revoked_at is not null) as revoked,
    (select coalesce(sum(failed_tries), 0) from sign_in_challenges) as tries, (select count(*) from outbox) as outbox`);
  return JSON.stringify(rows[0]);
}

const address = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;

describe("the BFF answers bad sign-in input with the specification's messages and changes nothing", () => {
  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: '   ' }, 'Email is required'],
    [{ email: 'not-an-address' }, 'Email is invalid'],
    [{ email: 'jane@@example.com' }, 'Email is invalid'],
    [{ email: 42 }, 'Email is invalid'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Email is too long'],
  ])('POST /api/_auth/sign-in-code %j → 400 "%s"', async (body, message) => {
    const before = await identityState();
    const api = new ApiSession(stack.bffUrl);
    const response = await api.call('POST', '/api/_auth/sign-in-code', { purpose: 'sign-in', locale: 'en', ...body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: GENERIC, fields: { email: message } });
    expect(api.cookie('kassa_challenge')).toBeUndefined();
    expect(await identityState()).toBe(before);
  });

  it('refuses a body that is not JSON as a missing e-mail', async () => {
    const api = new ApiSession(stack.bffUrl);
    const response = await api.call('POST', '/api/_auth/sign-in-code', '{not json', {});
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: GENERIC, fields: { email: 'Email is required' } });
  });

  it('refuses malformed codes with 400 and wrong, reused, foreign and challenge-less codes with 401', async () => {
    const email = address('codes');
    const api = new ApiSession(stack.bffUrl);
    expect(
      (await api.call('POST', '/api/_auth/sign-in-code', { email, purpose: 'sign-in', locale: 'en' })).status,
    ).toBe(200);
    const code = codeFrom((await waitForMessagesTo(stack.mailInboxUrl, email))[0]!);

    let before = await identityState();
    for (const [body, message] of [
      [{}, 'Code is required'],
      [{ code: '12ab56' }, 'Code is invalid'],
      [{ code: '1234567' }, 'Code is invalid'],
    ] as const) {
      const response = await api.call('POST', '/api/_auth/verify', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: GENERIC, fields: { code: message } });
    }
    expect(await identityState()).toBe(before);

    // Without the challenge cookie the right code is refused: it is bound to the browser that asked.
    const elsewhere = new ApiSession(stack.bffUrl);
    before = await identityState();
    expect(await elsewhere.call('POST', '/api/_auth/verify', { code })).toMatchObject({
      status: 401,
      body: { message: 'Code is invalid' },
    });
    expect(await identityState()).toBe(before);

    // A foreign code: another browser's challenge, holding this browser's code.
    const other = new ApiSession(stack.bffUrl);
    const otherEmail = address('other');
    await other.call('POST', '/api/_auth/sign-in-code', { email: otherEmail, purpose: 'sign-in', locale: 'en' });
    const otherCode = codeFrom((await waitForMessagesTo(stack.mailInboxUrl, otherEmail))[0]!);
    if (otherCode !== code) expect((await other.call('POST', '/api/_auth/verify', { code })).status).toBe(401);

    const wrong = code === '000000' ? '111111' : '000000';
    expect(await api.call('POST', '/api/_auth/verify', { code: wrong })).toMatchObject({
      status: 401,
      body: { message: 'Code is invalid' },
    });
    const ok = await api.call('POST', '/api/_auth/verify', { code });
    expect(ok).toMatchObject({ status: 200, body: { user: { email } } });
    expect(api.cookie('kassa_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(api.cookie('kassa_challenge')).toBeUndefined();

    // Reused: the challenge cookie is gone, and replaying it does not help either.
    const replay = new ApiSession(stack.bffUrl);
    const challengeRow = await db.query('select id from sign_in_challenges where email = $1', [email]);
    replay.setCookie('kassa_challenge', challengeRow.rows[0].id);
    expect((await replay.call('POST', '/api/_auth/verify', { code })).status).toBe(401);
  });

  it('answers 429 with Retry-After after five wrong tries, and an expired code with 401', async () => {
    const email = address('tries');
    const api = new ApiSession(stack.bffUrl);
    await api.call('POST', '/api/_auth/sign-in-code', { email, purpose: 'sign-in', locale: 'en' });
    const code = codeFrom((await waitForMessagesTo(stack.mailInboxUrl, email))[0]!);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await api.call('POST', '/api/_auth/verify', { code: wrong })).status).toBe(401);
    const limited = await api.call('POST', '/api/_auth/verify', { code });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    const late = new ApiSession(stack.bffUrl);
    const lateEmail = address('late');
    await late.call('POST', '/api/_auth/sign-in-code', { email: lateEmail, purpose: 'sign-in', locale: 'en' });
    const lateCode = codeFrom((await waitForMessagesTo(stack.mailInboxUrl, lateEmail))[0]!);
    await db.query("update sign_in_challenges set expires_at = now() - interval '1 second' where email = $1", [
      lateEmail,
    ]);
    expect((await late.call('POST', '/api/_auth/verify', { code: lateCode })).status).toBe(401);
    expect(await messagesTo(stack.mailInboxUrl, lateEmail)).toHaveLength(1);
  });

  it('treats a missing or malformed session cookie as signed out, and clears a bad one', async () => {
    const before = await identityState();
    const none = new ApiSession(stack.bffUrl);
    expect(await none.call('GET', '/api/_auth/session')).toMatchObject({ status: 200, body: null });
    for (const bad of ['x', 'a'.repeat(43), '../../etc/passwd', '%00%ff']) {
      const api = new ApiSession(stack.bffUrl);
      api.setCookie('kassa_session', bad);
      const response = await api.call('GET', '/api/_auth/session');
      expect(response).toMatchObject({ status: 200, body: null });
      expect(api.cookie('kassa_session')).toBeUndefined();
      expect((await api.call('DELETE', '/api/_auth/session')).status).toBe(200);
    }
    expect(await identityState()).toBe(before);
  });

  it('refuses cross-site and origin-less state changes with 403, changing nothing', async () => {
    const before = await identityState();
    const api = new ApiSession(stack.bffUrl);
    const body = { email: address('csrf'), purpose: 'sign-in', locale: 'en' };
    expect((await api.call('POST', '/api/_auth/sign-in-code', body, { origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expect((await api.call('POST', '/api/_auth/sign-in-code', body, { origin: 'null' })).status).toBe(403);
    expect((await api.call('POST', '/api/_auth/sign-in-code', body, { 'sec-fetch-site': 'cross-site' })).status).toBe(
      403,
    );
    expect((await api.call('DELETE', '/api/_auth/session', undefined, { origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expect(await identityState()).toBe(before);
    expect(await messagesTo(stack.mailInboxUrl, body.email)).toHaveLength(0);
  });
});
