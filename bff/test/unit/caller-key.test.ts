import { randomBytes } from 'node:crypto';
import { readCallerKey } from '../../server/bff-config';

describe('the BFF caller key (KASSA_CALLER_KEY)', () => {
  it('is read as 32 bytes from base64url', () => {
    const key = randomBytes(32);
    expect(readCallerKey({ KASSA_CALLER_KEY: key.toString('base64url') })).toEqual(key);
  });

  it('is required, and refused when it is not 32 bytes, naming the variable', () => {
    const message = 'Invalid configuration for bff: KASSA_CALLER_KEY (must be base64url of 32 bytes)';
    expect(() => readCallerKey({})).toThrow(message);
    expect(() => readCallerKey({ KASSA_CALLER_KEY: '' })).toThrow(message);
    expect(() => readCallerKey({ KASSA_CALLER_KEY: randomBytes(16).toString('base64url') })).toThrow(message);
  });
});
