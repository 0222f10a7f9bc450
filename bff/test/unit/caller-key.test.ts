import { randomBytes } from 'node:crypto';
import { callerKeyFromRoot } from '@kassa/platform/grpc';
import { readCallerKey } from '../../server/bff-config';

describe("the BFF's caller key", () => {
  it('is its own KASSA_CALLER_SECRET, signing as the BFF', () => {
    const secret = randomBytes(32);
    expect(readCallerKey({ KASSA_CALLER_SECRET: secret.toString('base64url'), KASSA_ENV: 'production' })).toEqual({
      workload: 'bff',
      secret,
    });
  });

  it('is derived from the development root KASSA_CALLER_KEY outside production, and the same as the services derive', () => {
    const root = randomBytes(32).toString('base64url');
    const key = readCallerKey({ KASSA_CALLER_KEY: root });
    expect(key).toEqual(callerKeyFromRoot(root, 'bff'));
    expect(key.secret).not.toEqual(Buffer.from(root, 'base64url'));
  });

  it('refuses the development root in production, and a key that is not 32 bytes, naming the variable', () => {
    const root = randomBytes(32).toString('base64url');
    expect(() => readCallerKey({ KASSA_CALLER_KEY: root, KASSA_ENV: 'production' })).toThrow(
      'KASSA_CALLER_SECRET is required',
    );
    expect(() => readCallerKey({})).toThrow(
      'Invalid configuration for bff: KASSA_CALLER_SECRET or, in development, KASSA_CALLER_KEY',
    );
    expect(() => readCallerKey({ KASSA_CALLER_KEY: randomBytes(16).toString('base64url') })).toThrow(
      'KASSA_CALLER_KEY (must be base64url of 32 bytes)',
    );
    expect(() => readCallerKey({ KASSA_CALLER_SECRET: randomBytes(16).toString('base64url') })).toThrow(
      'KASSA_CALLER_SECRET (must be base64url of 32 bytes)',
    );
  });
});
