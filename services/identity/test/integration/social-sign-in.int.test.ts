import { randomBytes } from 'node:crypto';
import { createGrpcClient, type PromiseClient, status } from '@kassa/platform/grpc';
import { testCallerKey } from '@kassa/platform/testing';
import { UserCreated } from '@kassa/proto/identity/events/v1/events';
import { SocialSignInServiceClient, type SocialSignInServiceService } from '@kassa/proto/identity/v1/social_sign_in';
import { EMAIL_NOT_VERIFIED, SOCIAL_SIGN_IN_REFUSED } from '../../src/application/complete-social-sign-in';
import { type IdentityHarness, startIdentityHarness } from '../fixtures/identity-harness';
import { type Misbehaviour, type OidcStandIn, type StandInUser, startOidcStandIn } from '@kassa/testing/oidc-stand-in';

jest.setTimeout(30_000);

const REDIRECT_URI = 'http://localhost:3000/api/_auth/social/callback';

let standIn: OidcStandIn;
let identity: IdentityHarness;
let social: PromiseClient<typeof SocialSignInServiceService>;

beforeAll(async () => {
  standIn = await startOidcStandIn();
  identity = await startIdentityHarness('social', {
    OIDC_PROVIDERS: JSON.stringify([
      {
        id: 'standin',
        name: 'Stand-in',
        issuer: standIn.issuer,
        clientId: standIn.clientId,
        clientSecretEnv: 'OIDC_STANDIN_CLIENT_SECRET',
      },
      // Nothing listens on port 9 here: a provider that cannot be reached.
      { id: 'offline', name: 'Offline', issuer: 'http://127.0.0.1:9', clientId: 'x' },
    ]),
    OIDC_STANDIN_CLIENT_SECRET: standIn.clientSecret,
  });
  social = createGrpcClient(SocialSignInServiceClient, identity.grpcAddress, {
    callerKey: testCallerKey,
    deadlineMs: 10_000,
  });
});
afterEach(() => standIn.misbehave(null));
afterAll(async () => {
  social?.close();
  await identity?.stop();
  await standIn?.stop();
});

const unique = () => randomBytes(4).toString('hex');
const person = (overrides: Partial<StandInUser> = {}): StandInUser => {
  const id = unique();
  return {
    sub: `sub-${id}`,
    email: `social-${id}@example.test`,
    email_verified: true,
    name: 'Sam Social',
    ...overrides,
  };
};

/** What a browser does: start, follow the provider's consent (the stand-in answers at once), read code and state off the redirect. */
async function authorizeAs(user: StandInUser, locale = 'en'): Promise<{ stateId: string; code: string }> {
  standIn.setUser(user);
  const started = await social.startSocialSignIn({ provider: 'standin', redirectUri: REDIRECT_URI, locale });
  const answer = await fetch(started.authorizationUrl, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  expect(back.searchParams.get('state')).toBe(started.stateId);
  return { stateId: started.stateId, code: back.searchParams.get('code')! };
}

const complete = (stateId: string, code: string) =>
  social.completeSocialSignIn({ stateId, code, clientIp: '127.0.0.1', userAgent: 'jest' });

async function counts() {
  const [row] = await identity.sql<{
    users: number;
    identities: number;
    sessions: number;
    outbox: number;
    states: number;
  }>(
    `select (select count(*) from users)::int as users, (select count(*) from user_identities)::int as identities,
            (select count(*) from sessions)::int as sessions, (select count(*) from outbox)::int as outbox,
            (select count(*) from oidc_login_states)::int as states`,
  );
  return row!;
}

describe('social sign-in against the local OIDC stand-in', () => {
  it('lists the configured providers for the buttons', async () => {
    await expect(social.listProviders({})).resolves.toEqual({
      providers: [
        { id: 'standin', name: 'Stand-in' },
        { id: 'offline', name: 'Offline' },
      ],
    });
  });

  it('sends the browser to the provider with PKCE S256, a nonce and the state id', async () => {
    const started = await social.startSocialSignIn({ provider: 'standin', redirectUri: REDIRECT_URI, locale: 'nl' });
    expect(started.stateId).toMatch(/^ols_[0-9a-z]{26}$/);
    expect(started.expiresAt!.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(started.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const url = new URL(started.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${standIn.issuer}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: standIn.clientId,
      redirect_uri: REDIRECT_URI,
      state: started.stateId,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
      ui_locales: 'nl',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The verifier is kept sealed: the stored value is neither the challenge's preimage in the clear nor the challenge.
    const [state] = await identity.sql<{ sealed_code_verifier: string; nonce: string; consumed_at: unknown }>(
      'select sealed_code_verifier, nonce, consumed_at from oidc_login_states where id = ?',
      [started.stateId],
    );
    expect(state!.sealed_code_verifier.length).toBeGreaterThan(60);
    expect(state!.nonce).toBe(url.searchParams.get('nonce'));
    expect(state!.consumed_at).toBeNull();
  });

  it('creates the account on first sign-in, links the subject, publishes user.created and opens a session', async () => {
    const user = person();
    const { stateId, code } = await authorizeAs(user, 'nl');
    const signedIn = await complete(stateId, code);
    expect(signedIn.created).toBe(true);
    expect(signedIn.user).toMatchObject({ email: user.email, displayName: 'Sam Social', locale: 'nl' });
    expect(signedIn.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The exchange proved possession of the verifier and authenticated the client.
    const exchange = standIn.tokenRequests.at(-1)!;
    expect(exchange.clientAuth).toBe('basic');
    expect(exchange.form.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const session = await identity.client.getSession({ sessionToken: signedIn.sessionToken });
    expect(session.user!.id).toBe(signedIn.user!.id);
    const links = await identity.sql<{ provider: string; subject: string; user_id: string }>(
      'select provider, subject, user_id from user_identities where subject = ?',
      [user.sub],
    );
    expect(links).toEqual([{ provider: 'standin', subject: user.sub, user_id: signedIn.user!.id }]);
    const events = await identity.sql<{ payload: Buffer }>(
      "select payload from outbox where subject = 'kassa.identity.user.created'",
    );
    expect(
      events.map((row) => UserCreated.decode(row.payload)).filter((event) => event.userId === signedIn.user!.id),
    ).toHaveLength(1);
  });

  it('finds the same user for the same subject later, even after the e-mail address changed at the provider', async () => {
    const user = person();
    const first = await authorizeAs(user);
    const created = await complete(first.stateId, first.code);

    const later = await authorizeAs({ ...user, email: `changed-${unique()}@example.test`, email_verified: false });
    const again = await complete(later.stateId, later.code);
    expect(again.created).toBe(false);
    expect(again.user!.id).toBe(created.user!.id);
    expect(again.sessionToken).not.toBe(created.sessionToken);
    const [row] = await identity.sql<{ n: number }>(
      'select count(*)::int as n from user_identities where user_id = ?',
      [created.user!.id],
    );
    expect(row!.n).toBe(1);
  });

  it('links to an existing account with the same verified e-mail address', async () => {
    const email = `code-first-${unique()}@example.test`;
    const challengeId = await identity.requestCode(email, `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`);
    const byCode = await identity.client.verifySignInCode({
      challengeId,
      code: await identity.codeFor(challengeId),
      clientIp: '',
      userAgent: '',
    });

    const { stateId, code } = await authorizeAs(person({ email: email.toUpperCase() }));
    const bySocial = await complete(stateId, code);
    expect(bySocial.created).toBe(false);
    expect(bySocial.user!.id).toBe(byCode.user!.id);
  });

  it.each([
    ['false', false],
    ['the string "false"', 'false'],
    ['missing', undefined],
  ])(
    'refuses a new subject whose e-mail address is not verified (email_verified %s) and creates nothing',
    async (_label, verified) => {
      const { stateId, code } = await authorizeAs(person({ email_verified: verified }));
      const before = await counts();
      await expect(complete(stateId, code)).rejects.toMatchObject({
        code: status.UNAUTHENTICATED,
        details: EMAIL_NOT_VERIFIED,
      });
      expect(await counts()).toEqual(before);
    },
  );

  it('accepts email_verified sent as the string "true"', async () => {
    const { stateId, code } = await authorizeAs(person({ email_verified: 'true' }));
    await expect(complete(stateId, code)).resolves.toMatchObject({ created: true });
  });

  it('refuses a replayed state, even with a fresh code', async () => {
    const user = person();
    const { stateId, code } = await authorizeAs(user);
    await complete(stateId, code);
    const before = await counts();
    await expect(complete(stateId, code)).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
      details: SOCIAL_SIGN_IN_REFUSED,
    });
    const fresh = await authorizeAs(user);
    await expect(complete(stateId, fresh.code)).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
      details: SOCIAL_SIGN_IN_REFUSED,
    });
    // The fresh code belongs to another state (another PKCE verifier), so it is useless with this one.
    const exchanges = standIn.tokenRequests.length;
    expect((await counts()).sessions).toBe(before.sessions);
    expect(standIn.tokenRequests).toHaveLength(exchanges);
  });

  it('refuses an expired state without asking the provider', async () => {
    const { stateId, code } = await authorizeAs(person());
    await identity.sql("update oidc_login_states set expires_at = now() - interval '1 second' where id = ?", [stateId]);
    const exchanges = standIn.tokenRequests.length;
    const before = await counts();
    await expect(complete(stateId, code)).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
      details: SOCIAL_SIGN_IN_REFUSED,
    });
    expect(standIn.tokenRequests).toHaveLength(exchanges);
    expect(await counts()).toEqual(before);
  });

  it('refuses a code used with the wrong state (its PKCE verifier does not match)', async () => {
    const mine = await authorizeAs(person());
    const theirs = await authorizeAs(person());
    const before = await counts();
    await expect(complete(mine.stateId, theirs.code)).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
      details: SOCIAL_SIGN_IN_REFUSED,
    });
    expect((await counts()).users).toBe(before.users);
  });

  it.each<Misbehaviour>([
    'wrong-nonce',
    'bad-signature',
    'wrong-audience',
    'wrong-issuer',
    'expired',
    'refuse-exchange',
    'no-id-token',
  ])('refuses when the provider misbehaves: %s', async (mode) => {
    const { stateId, code } = await authorizeAs(person());
    standIn.misbehave(mode);
    const before = await counts();
    await expect(complete(stateId, code)).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
      details: SOCIAL_SIGN_IN_REFUSED,
    });
    const after = await counts();
    expect({ ...after, states: before.states }).toEqual(before);
    // The state is spent all the same: a refused answer cannot be retried with it.
    standIn.misbehave(null);
    await expect(complete(stateId, code)).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
  });

  it('answers UNAVAILABLE when the provider cannot be reached, and stores nothing', async () => {
    const before = await counts();
    await expect(
      social.startSocialSignIn({ provider: 'offline', redirectUri: REDIRECT_URI, locale: 'en' }),
    ).rejects.toMatchObject({ code: status.UNAVAILABLE });
    expect(await counts()).toEqual(before);
  });
});

describe('bad input gives the specification’s messages and changes nothing', () => {
  it.each([
    // Titles name the field and message; the request itself may be long.
    ['provider', 'Provider is required', { provider: '', redirectUri: REDIRECT_URI }],
    ['provider', 'Provider is invalid', { provider: 'nope', redirectUri: REDIRECT_URI }],
    ['redirect_uri', 'Redirect URI is required', { provider: 'standin', redirectUri: '' }],
    ['redirect_uri', 'Redirect URI is invalid', { provider: 'standin', redirectUri: 'javascript:alert(1)' }],
    [
      'redirect_uri',
      'Redirect URI is invalid',
      { provider: 'standin', redirectUri: 'http://attacker.example/callback' },
    ],
    [
      'redirect_uri',
      'Redirect URI is too long',
      { provider: 'standin', redirectUri: `https://kassa.example/${'x'.repeat(2100)}` },
    ],
  ])('refuses a start with %s: "%s"', async (field, message, request) => {
    const before = await counts();
    await expect(social.startSocialSignIn({ locale: 'en', ...request })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      violations: [{ field, message }],
    });
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ stateId: '', code: 'abc' }, [{ field: 'state_id', message: 'State is required' }]],
    [{ stateId: `ols_${'0'.repeat(26)}`, code: '' }, [{ field: 'code', message: 'Code is required' }]],
    [{ stateId: `ols_${'0'.repeat(26)}`, code: 'x'.repeat(2049) }, [{ field: 'code', message: 'Code is too long' }]],
  ])('refuses completion #%# with its message', async (request, violations) => {
    const before = await counts();
    await expect(social.completeSocialSignIn({ clientIp: '', userAgent: '', ...request })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      violations,
    });
    expect(await counts()).toEqual(before);
  });

  it.each(['nonsense', 'sic_01jabcdefghjkmnpqrstvwxyz0', `ols_${'0'.repeat(26)}`])(
    'refuses the unknown or malformed state %j like a failed sign-in',
    async (stateId) => {
      const before = await counts();
      await expect(complete(stateId, 'some-code')).rejects.toMatchObject({
        code: status.UNAUTHENTICATED,
        details: SOCIAL_SIGN_IN_REFUSED,
      });
      expect(await counts()).toEqual(before);
    },
  );
});
