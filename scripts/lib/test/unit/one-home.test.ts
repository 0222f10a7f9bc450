// Each shared rule has one home, @kassa/contracts; a second copy is a bug waiting to drift (it did: an address the
// browser let through was refused by identity, and the scanner and ticketing read codes of different lengths). This
// reads every source file outside the package and fails on a literal copy of a rule that lives there.
// Tests may spell out the values they expect (a test of the list is not a copy of it), and migrations are history.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');

interface Copy {
  rule: string;
  /** Where the one home is. */
  home: string;
  pattern: RegExp;
  /** A line that must trip the pattern (so that a broken pattern cannot pass everything). */
  example: string;
}

const COPIES: Copy[] = [
  {
    rule: 'a literal list of locales',
    home: '@kassa/contracts/locales (LOCALES, Locale)',
    pattern: /\[\s*'(?:en|nl)'\s*,\s*'(?:en|nl)'\s*\]|'(?:en|nl)'\s*\|\s*'(?:en|nl)'/,
    example: "const LOCALES = ['en', 'nl'] as const;",
  },
  {
    rule: 'a literal list of currencies',
    home: '@kassa/contracts/currencies (CURRENCIES)',
    pattern: /'[A-Z]{3}',\s*'[A-Z]{3}',\s*'[A-Z]{3}'|\b(?:AED AFN|EUR USD GBP)\b/,
    example: "const CURRENCIES = ['EUR', 'USD', 'GBP'];",
  },
  {
    rule: 'the ISO 4217 code pattern',
    home: '@kassa/contracts/currencies (CURRENCY_CODE_PATTERN)',
    pattern: /\[A-Z\]\{3\}/,
    example: 'if (!/^[A-Z]{3}$/.test(currency)) throw new Error();',
  },
  {
    rule: 'the idempotency key pattern',
    home: '@kassa/contracts/idempotency-key',
    pattern: /\{8,100\}/,
    example: 'const KEY = /^[A-Za-z0-9_-]{8,100}$/;',
  },
  {
    rule: 'an e-mail address pattern',
    home: '@kassa/contracts/email-address',
    pattern: /\[\^\\s@\]\+@|@\[\^\\s@\]/,
    example: 'const EMAIL = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/;',
  },
  {
    rule: 'the list of permissions',
    home: '@kassa/contracts/permissions (PERMISSIONS)',
    pattern: /'owner',\s*'organisation\.settings'/,
    example: "export const PERMISSIONS = ['owner', 'organisation.settings', 'members'];",
  },
  {
    rule: 'the role presets',
    home: '@kassa/contracts/permissions (PRESETS)',
    pattern: /box_office:\s*\[/,
    example: "  box_office: ['orders.view', 'orders.manage', 'checkin'],",
  },
  {
    rule: 'the discount code pattern',
    home: '@kassa/contracts/discount-code',
    pattern: /A-Za-z0-9_-\]\{\d+,32\}/,
    example: 'const CODE = /^[A-Za-z0-9_-]{3,32}$/;',
  },
  {
    rule: 'the ticket reference alphabet',
    home: '@kassa/contracts/ticket-reference (REFERENCE_ALPHABET)',
    pattern: /(?<!1)23456789ABCDEFGH/,
    example: "const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';",
  },
];

const SKIPPED_DIRS = new Set([
  'node_modules',
  '.next',
  'dist',
  'gen',
  '.artifacts',
  '.tools',
  '.data',
  '.git',
  'test',
  'migrations',
]);
const SCANNED_TOP = ['services', 'bff', 'web', 'scripts', 'e2e', 'testing', 'charts', 'deploy'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs|js)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('one home for every shared rule', () => {
  it.each(COPIES.map((copy) => [copy.rule, copy] as const))('the check for %s trips on a copy', (_rule, copy) => {
    expect(copy.pattern.test(copy.example)).toBe(true);
  });

  it('finds no copy of a rule of @kassa/contracts outside it', () => {
    const files = SCANNED_TOP.flatMap((top) => sourceFiles(join(root, top)));
    expect(files.length).toBeGreaterThan(500);
    const found: string[] = [];
    for (const path of files) {
      const lines = readFileSync(path, 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const copy of COPIES) {
          if (copy.pattern.test(line))
            found.push(`${relative(root, path)}:${index + 1}: ${copy.rule} (its home is ${copy.home})`);
        }
      });
    }
    expect(found).toEqual([]);
  });
});
