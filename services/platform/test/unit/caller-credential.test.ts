import { createHmac, randomBytes } from 'node:crypto';
import { CALLER_KEY_SETTINGS, callerKeysOf, signCall, verifyCall } from '../../src/grpc';
import { loadConfig } from '../../src/config';

const key = randomBytes(32);
const previous = randomBytes(32);
const METHOD = '/kassa.identity.v1.OrganisationService/Authorize';
const NOW = Date.UTC(2027, 0, 15, 12, 0, 0);

describe('caller credential', () => {
  it('is v1, the issue time in seconds and the base64url HMAC-SHA256 of version, method, actor and time', () => {
    const credential = signCall(key, METHOD, 'usr_a', NOW + 999);
    const issuedAt = NOW / 1000;
    const expected = createHmac('sha256', key).update(`v1\n${METHOD}\nusr_a\n${issuedAt}`).digest('base64url');
    expect(credential).toBe(`v1.${issuedAt}.${expected}`);
    // Anonymous calls sign an empty actor.
    const anonymous = createHmac('sha256', key).update(`v1\n${METHOD}\n\n${issuedAt}`).digest('base64url');
    expect(signCall(key, METHOD, undefined, NOW)).toBe(`v1.${issuedAt}.${anonymous}`);
    expect(signCall(key, METHOD, '', NOW)).toBe(`v1.${issuedAt}.${anonymous}`);
  });

  it('verifies for the same key, method and actor within 300 s either way', () => {
    const credential = signCall(key, METHOD, 'usr_a', NOW);
    expect(verifyCall([key], METHOD, 'usr_a', credential, NOW)).toBe('ok');
    expect(verifyCall([key], METHOD, 'usr_a', credential, NOW + 300_000)).toBe('ok');
    expect(verifyCall([key], METHOD, 'usr_a', credential, NOW - 300_000)).toBe('ok');
    expect(verifyCall([key], METHOD, undefined, signCall(key, METHOD, undefined, NOW), NOW)).toBe('ok');
  });

  it('is invalid with a wrong key, for another method or another actor', () => {
    const credential = signCall(key, METHOD, 'usr_a', NOW);
    expect(verifyCall([randomBytes(32)], METHOD, 'usr_a', credential, NOW)).toBe('invalid');
    expect(verifyCall([key], '/kassa.identity.v1.OrganisationService/RemoveMember', 'usr_a', credential, NOW)).toBe('invalid');
    expect(verifyCall([key], METHOD, 'usr_b', credential, NOW)).toBe('invalid');
    expect(verifyCall([key], METHOD, undefined, credential, NOW)).toBe('invalid');
    expect(verifyCall([key], METHOD, 'usr_a', signCall(key, METHOD, undefined, NOW), NOW)).toBe('invalid');
    // The time is part of what is signed: moving it breaks the signature.
    const [, issuedAt, mac] = credential.split('.');
    expect(verifyCall([key], METHOD, 'usr_a', `v1.${Number(issuedAt) + 1}.${mac}`, NOW)).toBe('invalid');
  });

  it('is expired more than 300 s after it was made, and more than 300 s ahead of the clock', () => {
    const credential = signCall(key, METHOD, 'usr_a', NOW);
    expect(verifyCall([key], METHOD, 'usr_a', credential, NOW + 301_000)).toBe('expired');
    expect(verifyCall([key], METHOD, 'usr_a', credential, NOW - 301_000)).toBe('expired');
  });

  it('says a forged credential is invalid rather than expired, whatever its time', () => {
    const forged = `v1.${NOW / 1000 - 10_000}.${Buffer.alloc(32).toString('base64url')}`;
    expect(verifyCall([key], METHOD, 'usr_a', forged, NOW)).toBe('invalid');
  });

  it('is missing when absent or empty, and malformed when it is not v1.<seconds>.<43 base64url characters>', () => {
    expect(verifyCall([key], METHOD, 'usr_a', undefined, NOW)).toBe('missing');
    expect(verifyCall([key], METHOD, 'usr_a', '', NOW)).toBe('missing');
    const [, issuedAt, mac] = signCall(key, METHOD, 'usr_a', NOW).split('.');
    for (const bad of [
      `v2.${issuedAt}.${mac}`,
      `v1.${issuedAt}.${mac}=`,
      `v1.${issuedAt}.${mac!.slice(1)}`,
      `v1.${issuedAt}.${mac}A`,
      `v1.-${issuedAt}.${mac}`,
      `v1..${mac}`,
      `v1.${issuedAt}`,
      `v1.${issuedAt}.${mac!.slice(0, -1)}+`,
      'Bearer abc',
    ]) {
      expect([bad, verifyCall([key], METHOD, 'usr_a', bad, NOW)]).toEqual([bad, 'malformed']);
    }
  });

  it('accepts the previous key beside the current one (rotation), and nothing else', () => {
    const byPrevious = signCall(previous, METHOD, 'usr_a', NOW);
    expect(verifyCall([key, previous], METHOD, 'usr_a', byPrevious, NOW)).toBe('ok');
    expect(verifyCall([key, previous], METHOD, 'usr_a', signCall(key, METHOD, 'usr_a', NOW), NOW)).toBe('ok');
    expect(verifyCall([key], METHOD, 'usr_a', byPrevious, NOW)).toBe('invalid');
    expect(verifyCall([], METHOD, 'usr_a', byPrevious, NOW)).toBe('invalid');
  });

  it('reads KASSA_CALLER_KEY (required, 32 bytes of base64url) and KASSA_CALLER_KEY_PREVIOUS (optional) from the environment', () => {
    const defaults = { database: 'identity', grpcPort: 50051, httpPort: 9101 };
    const current = key.toString('base64url');
    const config = loadConfig('identity', defaults, CALLER_KEY_SETTINGS, { KASSA_CALLER_KEY: current, KASSA_CALLER_KEY_PREVIOUS: previous.toString('base64url') });
    expect(callerKeysOf(config)).toEqual([key, previous]);
    expect(callerKeysOf(loadConfig('identity', defaults, CALLER_KEY_SETTINGS, { KASSA_CALLER_KEY: current }))).toEqual([key]);
    expect(() => loadConfig('identity', defaults, CALLER_KEY_SETTINGS, {})).toThrow(/KASSA_CALLER_KEY/);
    expect(() => loadConfig('identity', defaults, CALLER_KEY_SETTINGS, { KASSA_CALLER_KEY: 'too-short' })).toThrow(
      /KASSA_CALLER_KEY \(must be base64url of 32 bytes\)/,
    );
    expect(() => loadConfig('identity', defaults, CALLER_KEY_SETTINGS, { KASSA_CALLER_KEY: current, KASSA_CALLER_KEY_PREVIOUS: 'x' })).toThrow(
      /KASSA_CALLER_KEY_PREVIOUS \(must be base64url of 32 bytes\)/,
    );
  });
});
