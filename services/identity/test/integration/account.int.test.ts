import { randomBytes } from 'node:crypto';
import { status } from '@kassa/platform/grpc';
import { newId } from '@kassa/platform/ids';
import { type IdentityHarness, startIdentityHarness } from '../fixtures/identity-harness';

jest.setTimeout(30_000);

let identity: IdentityHarness;
beforeAll(async () => {
  identity = await startIdentityHarness('account');
});
afterAll(async () => {
  await identity?.stop();
});

const address = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';

/** Signs the address in from the given client and returns the session token. */
async function signIn(email: string, clientIp: string, userAgent: string): Promise<string> {
  const challengeId = await identity.requestCode(email, `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`);
  const verified = await identity.client.verifySignInCode({
    challengeId,
    code: await identity.codeFor(challengeId),
    clientIp,
    userAgent,
  });
  return verified.sessionToken;
}

async function revokedAt(sessionId: string): Promise<unknown> {
  const [row] = await identity.sql<{ revoked_at: unknown }>('select revoked_at from sessions where id = ?', [
    sessionId,
  ]);
  return row?.revoked_at;
}

describe('UpdateProfile', () => {
  it('changes the name and the locale of the caller only, and keeps unset fields', async () => {
    const token = await signIn(address('profile'), '127.0.0.1', CHROME_LINUX);
    const other = await signIn(address('bystander'), '127.0.0.1', CHROME_LINUX);

    const renamed = await identity.client.updateProfile({ sessionToken: token, displayName: '  Jane   Organiser ' });
    expect(renamed.user).toMatchObject({ displayName: 'Jane Organiser', locale: 'en' });
    const relocalised = await identity.client.updateProfile({ sessionToken: token, locale: 'nl' });
    expect(relocalised.user).toMatchObject({ displayName: 'Jane Organiser', locale: 'nl' });

    expect((await identity.client.getSession({ sessionToken: token })).user).toMatchObject({
      displayName: 'Jane Organiser',
      locale: 'nl',
    });
    expect((await identity.client.getSession({ sessionToken: other })).user).toMatchObject({
      displayName: '',
      locale: 'en',
    });
  });

  it('refuses a blank or too long name and an unknown locale with the spec messages, changing nothing', async () => {
    const token = await signIn(address('invalid'), '127.0.0.1', CHROME_LINUX);
    await identity.client.updateProfile({ sessionToken: token, displayName: 'Before' });

    await expect(
      identity.client.updateProfile({ sessionToken: token, displayName: '   ', locale: 'fr' }),
    ).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      violations: [
        { field: 'display_name', message: 'Name is required' },
        { field: 'locale', message: 'Language is invalid' },
      ],
    });
    await expect(
      identity.client.updateProfile({ sessionToken: token, displayName: 'x'.repeat(101) }),
    ).rejects.toMatchObject({
      violations: [{ field: 'display_name', message: 'Name is too long' }],
    });
    // A control character is refused at the gRPC server's door, before the use case: named as the request names it.
    await expect(
      identity.client.updateProfile({ sessionToken: token, displayName: 'Bad\u0007Name' }),
    ).rejects.toMatchObject({
      violations: [{ field: 'displayName', message: 'Display name is invalid' }],
    });
    expect((await identity.client.getSession({ sessionToken: token })).user).toMatchObject({
      displayName: 'Before',
      locale: 'en',
    });
  });

  it('needs a valid session', async () => {
    await expect(
      identity.client.updateProfile({ sessionToken: 'x'.repeat(43), displayName: 'Nobody' }),
    ).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
    const token = await signIn(address('ended'), '127.0.0.1', CHROME_LINUX);
    await identity.client.endSession({ sessionToken: token });
    await expect(identity.client.updateProfile({ sessionToken: token, displayName: 'Late' })).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
  });
});

describe('sessions of the signed-in user', () => {
  it('lists the active sessions with masked addresses and summarised browsers, the caller marked current', async () => {
    const email = address('lister');
    const laptop = await signIn(email, '203.0.113.7', CHROME_LINUX);
    const phone = await signIn(email, '2001:db8:85a3::8a2e:370:7334', FIREFOX_WINDOWS);
    const ended = await signIn(email, '198.51.100.1', CHROME_LINUX);
    await identity.client.endSession({ sessionToken: ended });
    await signIn(address('stranger'), '192.0.2.1', CHROME_LINUX);

    const { sessions } = await identity.client.listSessions({ sessionToken: laptop });
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.current).toBe(true);
    const byIp = Object.fromEntries(sessions.map((session) => [session.clientIp, session]));
    expect(byIp['203.0.113.x']).toMatchObject({ userAgent: 'Chrome on Linux', current: true });
    expect(byIp['2001:db8:85a3:x']).toMatchObject({ userAgent: 'Firefox on Windows', current: false });
    expect(sessions.every((session) => /^ses_[0-9a-z]{26}$/.test(session.id))).toBe(true);
    expect(sessions.every((session) => session.createdAt instanceof Date && session.lastSeenAt instanceof Date)).toBe(
      true,
    );
    expect(JSON.stringify(sessions)).not.toContain('203.0.113.7');

    const fromPhone = await identity.client.listSessions({ sessionToken: phone });
    expect(fromPhone.sessions[0]).toMatchObject({ current: true, clientIp: '2001:db8:85a3:x' });
  });

  it('ends every other session of the caller and keeps the current one and other users', async () => {
    const email = address('others');
    const keep = await signIn(email, '127.0.0.1', CHROME_LINUX);
    const second = await signIn(email, '127.0.0.1', FIREFOX_WINDOWS);
    const third = await signIn(email, '127.0.0.1', FIREFOX_WINDOWS);
    const stranger = await signIn(address('untouched'), '127.0.0.1', CHROME_LINUX);

    await expect(identity.client.endOtherSessions({ sessionToken: keep })).resolves.toEqual({ endedCount: 2 });
    await expect(identity.client.getSession({ sessionToken: keep })).resolves.toBeDefined();
    for (const token of [second, third]) {
      await expect(identity.client.getSession({ sessionToken: token })).rejects.toMatchObject({
        code: status.UNAUTHENTICATED,
      });
    }
    await expect(identity.client.getSession({ sessionToken: stranger })).resolves.toBeDefined();
    expect((await identity.client.listSessions({ sessionToken: keep })).sessions).toHaveLength(1);
    await expect(identity.client.endOtherSessions({ sessionToken: keep })).resolves.toEqual({ endedCount: 0 });
  });

  it("ends one of the caller's sessions by id, idempotently", async () => {
    const email = address('byid');
    const mine = await signIn(email, '127.0.0.1', CHROME_LINUX);
    const other = await signIn(email, '127.0.0.1', FIREFOX_WINDOWS);
    const otherId = (await identity.client.getSession({ sessionToken: other })).sessionId;

    await expect(identity.client.endSessionById({ sessionToken: mine, sessionId: otherId })).resolves.toEqual({});
    await expect(identity.client.getSession({ sessionToken: other })).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
    await expect(identity.client.endSessionById({ sessionToken: mine, sessionId: otherId })).resolves.toEqual({});
    await expect(identity.client.getSession({ sessionToken: mine })).resolves.toBeDefined();
  });

  it("answers NOT_FOUND for another user's session and leaves it open", async () => {
    const attacker = await signIn(address('attacker'), '127.0.0.1', CHROME_LINUX);
    const victim = await signIn(address('victim'), '127.0.0.1', CHROME_LINUX);
    const victimSessionId = (await identity.client.getSession({ sessionToken: victim })).sessionId;

    await expect(
      identity.client.endSessionById({ sessionToken: attacker, sessionId: victimSessionId }),
    ).rejects.toMatchObject({
      code: status.NOT_FOUND,
      details: 'Session not found',
    });
    // Same answer as for an id that does not exist at all.
    await expect(
      identity.client.endSessionById({ sessionToken: attacker, sessionId: newId('ses') }),
    ).rejects.toMatchObject({
      code: status.NOT_FOUND,
      details: 'Session not found',
    });
    expect(await revokedAt(victimSessionId)).toBeNull();
    await expect(identity.client.getSession({ sessionToken: victim })).resolves.toBeDefined();
  });

  it('validates the session id and needs a valid session for every call', async () => {
    const token = await signIn(address('shape'), '127.0.0.1', CHROME_LINUX);
    await expect(identity.client.endSessionById({ sessionToken: token, sessionId: 'usr_nope' })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      violations: [{ field: 'session_id', message: 'ID is invalid' }],
    });
    const bogus = 'y'.repeat(43);
    await expect(identity.client.listSessions({ sessionToken: bogus })).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
    await expect(identity.client.endOtherSessions({ sessionToken: bogus })).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
    await expect(
      identity.client.endSessionById({ sessionToken: bogus, sessionId: newId('ses') }),
    ).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
  });
});
