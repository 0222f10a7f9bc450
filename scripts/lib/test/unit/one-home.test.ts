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
  {
    rule: 'a literal list of order statuses',
    home: '@kassa/contracts/statuses (ORDER_STATUSES, ORDER_LIST_STATUSES)',
    pattern:
      /'created',\s*'reserved',\s*'pending',\s*'paid'|\[\s*'reserved',\s*'pending',\s*'paid',\s*'expired'|'created'\s*\|\s*'reserved'/,
    example:
      "export const ORDER_STATUSES = ['created', 'reserved', 'pending', 'paid', 'expired', 'canceled'] as const;",
  },
  {
    rule: 'a literal list of payment statuses',
    home: '@kassa/contracts/statuses (PAYMENT_STATUSES)',
    pattern: /'pending',\s*'authorized',\s*'paid'|'pending'\s*\|\s*'authorized'/,
    example: "const PAYMENT_STATUSES = ['created', 'pending', 'authorized', 'paid', 'failed'];",
  },
  {
    rule: 'a literal list of event statuses',
    home: '@kassa/contracts/statuses (EVENT_STATUSES, EVENT_LIST_STATUSES)',
    pattern: /'draft',\s*'live',\s*'ended'|'draft'\s*\|\s*'live'\s*\|\s*'ended'/,
    example: "export const EVENT_LIST_STATUSES = ['draft', 'live', 'ended'] as const;",
  },
  {
    rule: 'a literal list of shop statuses',
    home: '@kassa/contracts/statuses (SHOP_STATUSES, SHOP_LIST_STATUSES)',
    pattern: /\[\s*'draft',\s*'public'|'draft'\s*\|\s*'public'/,
    example: "export const SHOP_LIST_STATUSES = ['draft', 'public'] as const;",
  },
  {
    rule: 'a literal list of ticket or attendee statuses',
    home: '@kassa/contracts/statuses (TICKET_STATUSES, ATTENDEE_STATUSES)',
    pattern: /'reserved',\s*'created',\s*'used'|\[\s*'created',\s*'used',\s*'canceled'\s*\]/,
    example: "const ATTENDEE_STATUSES = ['created', 'used', 'canceled'] as const;",
  },
  {
    rule: 'a literal list of the e-mail delivery statuses (one word per line, as a formatter lays out a long list)',
    home: '@kassa/contracts/statuses (EMAIL_DELIVERY_STATUSES, EMAIL_STATUSES)',
    pattern: /^\s*'(?:renderingFailure|deliveryDelay|notSent)',\s*$|'renderingFailure',\s*'deliveryDelay'/,
    example: "  'renderingFailure',",
  },
  {
    rule: 'a literal list of refund reasons',
    home: '@kassa/contracts/statuses (REFUND_REASONS)',
    pattern: /'late_payment',\s*'duplicate_payment'|'late_payment'\s*\|\s*'duplicate_payment'/,
    example: "type RefundReason = 'organiser' | 'late_payment' | 'duplicate_payment' | 'order_canceled';",
  },
  {
    rule: "a literal list of a discount code's verdicts",
    home: '@kassa/contracts/statuses (DISCOUNT_STATUSES)',
    pattern: /'used_up',\s*'not_applicable'|'used_up'\s*\|\s*'not_applicable'|^\s*'not_started',\s*$/,
    example:
      "type DiscountStatus = '' | 'applied' | 'unknown' | 'not_started' | 'expired' | 'used_up' | 'not_applicable';",
  },
  {
    rule: 'a literal list of availability words',
    home: '@kassa/contracts/statuses (AVAILABILITY_STATUSES)',
    pattern: /'available',\s*'sold out'|'available'\s*\|\s*'sold out'/,
    example: "type AvailabilityStatus = 'available' | 'sold out' | 'closed' | 'upcoming';",
  },
  {
    rule: "the Platform-only plan's payment providers or their brand names",
    home: '@kassa/contracts/payment-providers (PLATFORM_ONLY_PROVIDER_KEYS, PROVIDER_BRAND_NAMES)',
    pattern:
      /'(?:stripe|mollie|adyen|paypal)',\s*'(?:stripe|mollie|adyen|paypal)'|(?:mollie|adyen|paypal):\s*'(?:Mollie|Adyen|PayPal)'/,
    example: "const INTEGRATIONS = ['stripe', 'mollie', 'adyen'] as const;",
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
