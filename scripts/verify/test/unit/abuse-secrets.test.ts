import { isIgnored, parseDockerignore } from '../../abuse/dockerignore';
import { findDockerfileSecrets, findSecrets, isAllowed, looksRandom, shannonEntropy } from '../../abuse/secret-rules';

// Fixtures are assembled from parts, so that this file itself holds nothing the repository scan would report.
const join = (...parts: string[]) => parts.join('');

describe('secret rules', () => {
  it('finds well-known key formats', () => {
    const pem = join('-----BEGIN ', 'RSA PRIVATE KEY-----\nMIIE…\n-----END RSA PRIVATE KEY-----');
    const stripe = join('sk_', 'live_', '51Hx9aB2cD3eF4gH5iJ6kL7mN8');
    const hook = join('wh', 'sec_', 'A1b2C3d4E5f6G7h8I9j0K1l2');
    const aws = join('AKIA', 'IOSFODNN7Q2B3C4D');
    const rules = findSecrets('x.ts', [pem, stripe, hook, aws].join('\n')).map((finding) => finding.rule);
    expect(rules).toEqual([
      'private key (PEM)',
      'Stripe secret or restricted key',
      'Stripe webhook secret',
      'AWS access key id',
    ]);
    expect(findSecrets('x.ts', `a\nb\n${stripe}`)[0]).toMatchObject({ line: 3 });
  });

  it('blanks the middle of what it found', () => {
    const stripe = join('sk_', 'test_', '51Hx9aB2cD3eF4gH5iJ6kL7mN8');
    expect(findSecrets('x.ts', stripe)[0]!.excerpt).toBe(`${stripe.slice(0, 8)}…${stripe.slice(-2)}`);
  });

  it('reports a random literal assigned to a secret-like name, not code that reads or makes one', () => {
    const value = 'q8Zr2LxV0pTn7cWk4sYb9hJd3';
    expect(findSecrets('a.ts', `const SESSION_SECRET = '${value}';`).map((f) => f.rule)).toEqual([
      'random value assigned to SESSION_SECRET',
    ]);
    expect(findSecrets('a.env', `STRIPE_API_KEY=${value}`).map((f) => f.rule)).toEqual([
      'random value assigned to STRIPE_API_KEY',
    ]);
    expect(findSecrets('a.ts', 'const SESSION_SECRET = process.env.SESSION_SECRET;')).toEqual([]);
    expect(findSecrets('a.ts', "KASSA_SEALING_KEY: randomBytes(32).toString('base64url'),")).toEqual([]);
    expect(findSecrets('a.ts', "const COOKIE_KEY = 'kassa_session_cookie_name';")).toEqual([]);
    expect(findSecrets('a.ts', "password: 'your-password-goes-here-1234'")).toEqual([]);
  });

  it('tells random values from words by their entropy', () => {
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBe(2);
    expect(looksRandom('q8Zr2LxV0pTn7cWk4sYb9hJd3')).toBe(true);
    expect(looksRandom('aaaaaaaaaaaaaaaaaaaaaaaa1')).toBe(false);
    expect(looksRandom('no-digits-in-this-long-value')).toBe(false);
  });

  it('finds the exact values of known secrets, however short the line around them', () => {
    const known = [{ name: 'KASSA_SEALING_KEY of the stack', value: 'Zk3v9QwErTyUiOpAsDfGhJkL' }];
    expect(findSecrets('chunk.js', `x="${known[0]!.value}"`, known).map((f) => f.rule)).toEqual([
      'KASSA_SEALING_KEY of the stack',
    ]);
    expect(findSecrets('chunk.js', 'x="short"', [{ name: 'short', value: 'short' }])).toEqual([]);
  });

  it('flags ENV and ARG instructions named like secrets, also continued over lines', () => {
    const recipe = [
      'FROM node:20',
      'ARG NODE_IMAGE=node:20',
      'ENV NODE_ENV=production \\',
      '    STRIPE_SECRET_KEY=abc \\',
      '    PORT=3000',
      'ARG NPM_TOKEN',
    ].join('\n');
    expect(findDockerfileSecrets('Dockerfile', recipe).map((f) => [f.line, f.rule])).toEqual([
      [3, 'ENV STRIPE_SECRET_KEY in an image recipe'],
      [6, 'ARG NPM_TOKEN in an image recipe'],
    ]);
  });

  it('allows a finding only by its file and rule', () => {
    const finding = { file: 'a.ts', line: 1, rule: 'random value assigned to token', excerpt: '' };
    expect(isAllowed(finding, [{ file: 'a.ts', rule: 'random value assigned to token', reason: 'fixture' }])).toBe(
      true,
    );
    expect(isAllowed(finding, [{ file: 'b.ts', rule: 'random value assigned to token', reason: 'fixture' }])).toBe(
      false,
    );
    expect(isAllowed(finding, [{ file: 'a.ts', rule: 'private key (PEM)', reason: 'fixture' }])).toBe(false);
  });
});

describe('.dockerignore', () => {
  const rules = parseDockerignore(
    ['# comment', '**/node_modules', '**/.env.*', '.data', '*.md', 'docs/', '!docs/keep.md'].join('\n'),
  );

  it('ignores folders with everything in them, at any depth for **/', () => {
    expect(isIgnored('node_modules/x/index.js', rules)).toBe(true);
    expect(isIgnored('services/a/node_modules/y.js', rules)).toBe(true);
    expect(isIgnored('.data/dev.env', rules)).toBe(true);
    expect(isIgnored('bff/.env.local', rules)).toBe(true);
  });

  it('matches * within one segment from the root only, and lets a later ! rule re-include', () => {
    expect(isIgnored('README.md', rules)).toBe(true);
    expect(isIgnored('bff/README.md', rules)).toBe(false);
    expect(isIgnored('docs/a.txt', rules)).toBe(true);
    expect(isIgnored('docs/keep.md', rules)).toBe(false);
    expect(isIgnored('bff/app/page.tsx', rules)).toBe(false);
  });
});
