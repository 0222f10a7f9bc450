import { ConfigError } from '@kassa/platform/config';
import { loadIdentityConfig } from '../../src/config';
import { isAcceptableProviderUrl } from '../../src/oidc/oidc-provider-settings';

const base = { KASSA_SEALING_KEY: 'a'.repeat(43), KASSA_CALLER_KEY: Buffer.alloc(32, 2).toString('base64url') };
const google = {
  id: 'google',
  name: 'Google',
  issuer: 'https://accounts.google.com',
  clientId: 'client-1',
  clientSecretEnv: 'OIDC_GOOGLE_CLIENT_SECRET',
};

function problems(env: Record<string, string>): string[] {
  try {
    loadIdentityConfig({ ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((problem) => `${problem.variable}: ${problem.message}`);
    throw error;
  }
  return [];
}

describe('OIDC_PROVIDERS', () => {
  it('is off when unset', () => {
    expect(loadIdentityConfig(base).OIDC_PROVIDERS).toBeUndefined();
  });

  it('reads the secret from the variable it names, and always asks for openid', () => {
    const config = loadIdentityConfig({
      ...base,
      OIDC_PROVIDERS: JSON.stringify([{ ...google, scopes: ['email'] }]),
      OIDC_GOOGLE_CLIENT_SECRET: 's3cret',
    });
    expect(config.OIDC_PROVIDERS).toEqual([
      {
        id: 'google',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'client-1',
        clientSecret: 's3cret',
        scopes: ['openid', 'email'],
      },
    ]);
  });

  it('refuses a secret written into the JSON itself', () => {
    expect(
      problems({
        OIDC_PROVIDERS: JSON.stringify([{ ...google, clientSecret: 'oops' }]),
        OIDC_GOOGLE_CLIENT_SECRET: 's',
      }),
    ).toEqual([expect.stringMatching(/^OIDC_PROVIDERS: .*clientSecret/)]);
  });

  it('names a missing secret variable, a plain-http issuer, duplicates and malformed JSON', () => {
    expect(problems({ OIDC_PROVIDERS: JSON.stringify([google]) })).toEqual([
      'OIDC_PROVIDERS: OIDC_GOOGLE_CLIENT_SECRET (secret of provider google) is not set',
    ]);
    expect(
      problems({
        OIDC_PROVIDERS: JSON.stringify([{ ...google, issuer: 'http://accounts.example.com' }]),
        OIDC_GOOGLE_CLIENT_SECRET: 's',
      }),
    ).toEqual([expect.stringMatching(/issuer must be an https URL/)]);
    expect(problems({ OIDC_PROVIDERS: JSON.stringify([google, google]), OIDC_GOOGLE_CLIENT_SECRET: 's' })).toEqual([
      'OIDC_PROVIDERS: provider google is configured twice',
    ]);
    expect(problems({ OIDC_PROVIDERS: '[{' })).toEqual(['OIDC_PROVIDERS: must be a JSON array']);
  });
});

describe('provider URLs', () => {
  it.each([
    ['https://accounts.google.com', true],
    ['http://127.0.0.1:4000', true],
    ['http://localhost:4000/cb', true],
    ['http://accounts.example.com', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s → %s', (url, acceptable) => {
    expect(isAcceptableProviderUrl(url)).toBe(acceptable);
  });
});
