import { randomBytes } from 'node:crypto';
import {
  CALLER_KEY_SETTINGS,
  type CallerKey,
  callerKeyFromRoot,
  callerKeyOf,
  callerMayCall,
  callerVerifiersOf,
  pairKey,
  requestDigest,
  SERVICE_CALLS,
  signCall,
  targetOfMethod,
  verifiersFromRoot,
  verifiersText,
  verifyCall,
} from '../../src/grpc';
import { loadConfig } from '../../src/config';

const METHOD = '/kassa.identity.v1.OrganisationService/ListMembers';
const AUTHORIZE = '/kassa.identity.v1.OrganisationService/Authorize';
const NOW = 1_760_000_000_000;
const body = requestDigest(Buffer.from('request bytes'));

describe('caller credentials (v2: per workload, bound to method, actor, time and body)', () => {
  const bff: CallerKey = { workload: 'bff', secret: randomBytes(32) };
  const ticketing: CallerKey = { workload: 'ticketing', secret: randomBytes(32) };
  // What identity is given: each caller's secret derived for identity, never the secret itself.
  const atIdentity = new Map([
    ['bff', [pairKey(bff.secret, 'identity')]],
    ['ticketing', [pairKey(ticketing.secret, 'identity')]],
  ] as const);

  it('names the target by the method package, and health by none', () => {
    expect(targetOfMethod(METHOD)).toBe('identity');
    expect(targetOfMethod('/kassa.ordering.v1.OrderService/Checkout')).toBe('ordering');
    expect(targetOfMethod('/grpc.health.v1.Health/Check')).toBeUndefined();
    expect(targetOfMethod('/kassa.common.v1.X/Y')).toBeUndefined();
    expect(() => signCall(bff, '/grpc.health.v1.Health/Check', undefined, body)).toThrow(/no Kassa workload/);
  });

  it('accepts a genuine credential within the skew, and names its caller', () => {
    const credential = signCall(bff, METHOD, 'usr_a', body, NOW);
    expect(credential).toMatch(/^v2\.bff\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyCall(atIdentity, METHOD, 'usr_a', body, credential, NOW)).toEqual({ verdict: 'ok', caller: 'bff' });
    expect(verifyCall(atIdentity, METHOD, 'usr_a', body, credential, NOW + 300_000).verdict).toBe('ok');
    expect(verifyCall(atIdentity, METHOD, 'usr_a', body, credential, NOW - 300_000).verdict).toBe('ok');
    expect(
      verifyCall(atIdentity, AUTHORIZE, 'usr_a', body, signCall(ticketing, AUTHORIZE, 'usr_a', body, NOW), NOW),
    ).toEqual({ verdict: 'ok', caller: 'ticketing' });
  });

  it('refuses it for another body, method, actor, target or time of issue', () => {
    const credential = signCall(bff, METHOD, 'usr_a', body, NOW);
    expect(
      verifyCall(atIdentity, METHOD, 'usr_a', requestDigest(Buffer.from('request bytez')), credential, NOW).verdict,
    ).toBe('invalid');
    expect(
      verifyCall(atIdentity, '/kassa.identity.v1.OrganisationService/RemoveMember', 'usr_a', body, credential, NOW)
        .verdict,
    ).toBe('invalid');
    expect(verifyCall(atIdentity, METHOD, 'usr_b', body, credential, NOW).verdict).toBe('invalid');
    expect(verifyCall(atIdentity, METHOD, undefined, body, credential, NOW).verdict).toBe('invalid');
    // The same method name verified at another target (ordering's keys): the pair key differs.
    const atOrdering = new Map([['bff', [pairKey(bff.secret, 'ordering')]]] as const);
    expect(verifyCall(atOrdering, METHOD, 'usr_a', body, credential, NOW).verdict).toBe('invalid');
    const [, , issuedAt, mac] = credential.split('.');
    expect(verifyCall(atIdentity, METHOD, 'usr_a', body, `v2.bff.${Number(issuedAt) + 1}.${mac}`, NOW).verdict).toBe(
      'invalid',
    );
  });

  it("refuses a workload's secret used in another's name, and an unknown caller", () => {
    const asBff = signCall({ workload: 'bff', secret: ticketing.secret }, METHOD, 'usr_a', body, NOW);
    expect(verifyCall(atIdentity, METHOD, 'usr_a', body, asBff, NOW).verdict).toBe('invalid');
    const payments = signCall({ workload: 'payments', secret: randomBytes(32) }, AUTHORIZE, 'usr_a', body, NOW);
    expect(verifyCall(atIdentity, AUTHORIZE, 'usr_a', body, payments, NOW).verdict).toBe('invalid');
  });

  it('calls a genuine credential from another time expired, and missing or malformed ones what they are', () => {
    const credential = signCall(bff, METHOD, 'usr_a', body, NOW);
    expect(verifyCall(atIdentity, METHOD, 'usr_a', body, credential, NOW + 301_000).verdict).toBe('expired');
    expect(verifyCall(atIdentity, METHOD, 'usr_a', body, credential, NOW - 301_000).verdict).toBe('expired');
    expect(verifyCall(atIdentity, METHOD, 'usr_a', body, undefined, NOW).verdict).toBe('missing');
    expect(verifyCall(atIdentity, METHOD, 'usr_a', body, '', NOW).verdict).toBe('missing');
    const [, , issuedAt, mac] = credential.split('.');
    for (const bad of [
      `v1.${issuedAt}.${mac}`,
      `v2.${issuedAt}.${mac}`,
      `v2.robot.${issuedAt}.${mac}`,
      `v2.bff.${issuedAt}.${mac}=`,
      `v2.bff.${issuedAt}.${mac!.slice(1)}`,
      `v2.bff.-${issuedAt}.${mac}`,
      `v2.bff..${mac}`,
      `v2.bff.${issuedAt}`,
      'Bearer abc',
    ]) {
      expect([bad, verifyCall(atIdentity, METHOD, 'usr_a', body, bad, NOW).verdict]).toEqual([bad, 'malformed']);
    }
  });

  it('accepts two keys of one caller while its secret is rotated, and drops the old one after', () => {
    const next: CallerKey = { workload: 'bff', secret: randomBytes(32) };
    const during = new Map([['bff', [pairKey(bff.secret, 'identity'), pairKey(next.secret, 'identity')]]] as const);
    expect(verifyCall(during, METHOD, 'usr_a', body, signCall(bff, METHOD, 'usr_a', body, NOW), NOW).verdict).toBe(
      'ok',
    );
    expect(verifyCall(during, METHOD, 'usr_a', body, signCall(next, METHOD, 'usr_a', body, NOW), NOW).verdict).toBe(
      'ok',
    );
    const after = new Map([['bff', [pairKey(next.secret, 'identity')]]] as const);
    expect(verifyCall(after, METHOD, 'usr_a', body, signCall(bff, METHOD, 'usr_a', body, NOW), NOW).verdict).toBe(
      'invalid',
    );
  });
});

describe('who may call what (SERVICE_CALLS)', () => {
  it("lets the BFF call anything in a user's name, and a service only its listed calls", () => {
    expect(callerMayCall('bff', '/kassa.catalog.v1.EventService/CreateEvent', true)).toBe(true);
    expect(callerMayCall('ticketing', AUTHORIZE, true)).toBe(true);
    expect(callerMayCall('ticketing', '/kassa.catalog.v1.EventService/CreateEvent', true)).toBe(false);
    expect(callerMayCall('ticketing', '/kassa.catalog.v1.EventService/CreateEvent', false)).toBe(false);
    expect(callerMayCall('payments', '/kassa.ordering.v1.OrderService/GetPayableOrder', false)).toBe(true);
    // payments reads the payable order on its own account, never in a user's name.
    expect(callerMayCall('payments', '/kassa.ordering.v1.OrderService/GetPayableOrder', true)).toBe(false);
    expect(callerMayCall('identity', AUTHORIZE, true)).toBe(false);
  });

  it('lists only methods that exist, called by services other than the BFF', () => {
    for (const call of SERVICE_CALLS) {
      expect(call.caller).not.toBe('bff');
      expect(targetOfMethod(call.method)).not.toBe(call.caller);
      expect(targetOfMethod(call.method)).toBeDefined();
    }
  });
});

describe('caller key settings', () => {
  const defaults = { database: 'catalog', grpcPort: 50052, httpPort: 9102 };
  const root = randomBytes(32).toString('base64url');

  it("derives each workload's own key from the development root, so no two workloads share one", () => {
    const config = loadConfig('catalog', defaults, CALLER_KEY_SETTINGS, {
      KASSA_CALLER_KEY: root,
      KASSA_ENV: 'development',
    });
    expect(callerKeyOf(config)).toEqual(callerKeyFromRoot(root, 'catalog'));
    expect(callerKeyOf(config).secret).not.toEqual(callerKeyFromRoot(root, 'bff').secret);
    expect(callerVerifiersOf(config)).toEqual(verifiersFromRoot(root, 'catalog'));
    const credential = signCall(
      callerKeyFromRoot(root, 'bff'),
      '/kassa.catalog.v1.EventService/ListEvents',
      'usr_a',
      body,
      NOW,
    );
    expect(
      verifyCall(callerVerifiersOf(config), '/kassa.catalog.v1.EventService/ListEvents', 'usr_a', body, credential, NOW)
        .verdict,
    ).toBe('ok');
  });

  it('takes an own secret and the verifiers install.sh makes, and refuses the root in production', () => {
    const bff: CallerKey = { workload: 'bff', secret: randomBytes(32) };
    const own = randomBytes(32);
    const env = {
      KASSA_ENV: 'production',
      KASSA_CALLER_SECRET: own.toString('base64url'),
      KASSA_CALLER_VERIFIERS: verifiersText('catalog', [bff]),
    };
    const config = loadConfig('catalog', defaults, CALLER_KEY_SETTINGS, env);
    expect(callerKeyOf(config)).toEqual({ workload: 'catalog', secret: own });
    expect(callerVerifiersOf(config)).toEqual(new Map([['bff', [pairKey(bff.secret, 'catalog')]]]));
    const production = loadConfig('catalog', defaults, CALLER_KEY_SETTINGS, {
      KASSA_ENV: 'production',
      KASSA_CALLER_KEY: root,
    });
    expect(() => callerKeyOf(production)).toThrow(/refused in production; give KASSA_CALLER_SECRET/);
    expect(() => callerVerifiersOf(production)).toThrow(/refused in production; give KASSA_CALLER_VERIFIERS/);
    expect(() =>
      callerKeyOf(loadConfig('catalog', defaults, CALLER_KEY_SETTINGS, { KASSA_ENV: 'development' })),
    ).toThrow(/KASSA_CALLER_SECRET is required/);
  });

  it('refuses malformed settings at start-up, naming the variable', () => {
    expect(() => loadConfig('catalog', defaults, CALLER_KEY_SETTINGS, { KASSA_CALLER_SECRET: 'too-short' })).toThrow(
      /KASSA_CALLER_SECRET \(must be base64url of 32 bytes\)/,
    );
    for (const bad of ['bff', `robot=${root}`, 'bff=short', `bff=${root},=x`]) {
      expect(() => loadConfig('catalog', defaults, CALLER_KEY_SETTINGS, { KASSA_CALLER_VERIFIERS: bad })).toThrow(
        /KASSA_CALLER_VERIFIERS/,
      );
    }
  });
});
