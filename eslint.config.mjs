import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const serviceNames = ['identity', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications'];
// I/O packages a pure domain module must not touch.
const ioPackages = [
  '@mikro-orm/*',
  '@grpc/*',
  '@nats-io/*',
  'bullmq',
  'ioredis',
  'pg',
  'fastify',
  'nodemailer',
  'stripe',
  'node:fs',
  'node:net',
  'node:http',
  'node:https',
  'node:child_process',
  'fs',
  'net',
  'http',
  'https',
  'child_process',
];
const platformIo = [
  'grpc',
  'messaging',
  'outbox',
  'persistence',
  'jobs',
  'health',
  'lifecycle',
  'telemetry',
  'ratelimit',
  'testing',
  'service',
].map((part) => `@kassa/platform/${part}`);

// A service's test files are its own; what it offers other packages' tests is a package export.
const serviceTestFiles = {
  regex: '(^|/)services/[^/]+/test/',
  message:
    "Do not import a service's test files: use what it exports (e.g. @kassa/ordering/testing) or @kassa/testing.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.next/**',
      '.artifacts/**',
      'proto/gen/**',
      '.tools/**',
      'bff/next-env.d.ts',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' },
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Prettier wraps code at 120 but never a comment; this holds comments (and any code it cannot wrap) to 140.
      // A string stays whole: a message or a test's name is easier to find by search than split in pieces.
      'max-len': [
        'error',
        { code: 140, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  // A service imports only the platform, the shared rules and the generated gRPC code, never another service.
  // Its tests may also use the test harness, @kassa/testing.
  ...serviceNames.flatMap((name) =>
    [false, true].map((tests) => ({
      files: [tests ? `services/${name}/test/**/*.{ts,tsx}` : `services/${name}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              tests
                ? {
                    group: ['@kassa/*', '!@kassa/platform', '!@kassa/proto', '!@kassa/contracts', '!@kassa/testing'],
                    message:
                      "A service's tests depend only on @kassa/platform, @kassa/contracts, @kassa/proto and @kassa/testing.",
                  }
                : {
                    group: ['@kassa/*', '!@kassa/platform', '!@kassa/proto', '!@kassa/contracts'],
                    message: 'A service depends only on @kassa/platform, @kassa/contracts and @kassa/proto.',
                  },
              ...serviceNames
                .filter((other) => other !== name)
                .map((other) => ({
                  group: [`**/${other}/**`, '!@kassa/proto/**'],
                  message: `Do not reach into the ${other} service.`,
                })),
            ],
          },
        ],
      },
    })),
  ),
  // Domain rules are pure: no I/O, no other layers.
  {
    files: ['services/*/src/domain/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ioPackages, message: 'domain/ is pure: no I/O imports.' },
            { group: platformIo, message: 'domain/ is pure: only platform errors, ids and money.' },
            {
              group: ['**/grpc/**', '**/persistence/**', '**/events/**', '**/jobs/**', '**/application/**'],
              message: 'domain/ imports no other layer.',
            },
            {
              group: ['@kassa/*', '!@kassa/platform', '!@kassa/proto', '!@kassa/contracts'],
              message: 'A service depends only on @kassa/platform, @kassa/contracts and @kassa/proto.',
            },
          ],
        },
      ],
    },
  },
  // The shared library knows no service.
  {
    files: ['services/platform/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@kassa/*', '!@kassa/proto', '!@kassa/contracts'],
              message: 'The platform depends on no service.',
            },
          ],
        },
      ],
    },
  },
  // The UI takes data and callbacks as props; it talks to no server itself.
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@kassa/*', '!@kassa/contracts', '@grpc/*', 'next/server'],
              message: 'web/ is UI only: no services, no BFF (the shared rules of @kassa/contracts are allowed).',
            },
          ],
          paths: [
            {
              name: 'next-intl',
              importNames: ['useFormatter'],
              message:
                'Take useFormatter from web/src/lib/formatter: it writes dates the same on the server and in the browser.',
            },
          ],
        },
      ],
    },
  },
  // scripts/ (verify, benchmarks, dev tools) and e2e/ share the test harness, @kassa/testing, and never import each
  // other. Neither reaches into a service's test files: a service offers what others may use as a package export
  // (`@kassa/ordering/testing`).
  {
    files: ['scripts/**/*.{ts,tsx,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)e2e/',
              message: 'scripts/ does not import e2e/: what both need lives in @kassa/testing (testing/).',
            },
            serviceTestFiles,
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)scripts/',
              message: 'e2e/ does not import scripts/: what both need lives in @kassa/testing (testing/).',
            },
            serviceTestFiles,
          ],
        },
      ],
    },
  },
  // The harness stands on its own: it imports neither the tests that use it nor the scripts.
  {
    files: ['testing/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(e2e|scripts)/', message: '@kassa/testing imports neither e2e/ nor scripts/.' },
            serviceTestFiles,
          ],
        },
      ],
    },
  },
  // The shared rules run in the browser and on the server: plain TypeScript that imports nothing but itself.
  {
    files: ['contracts/**/*.{ts,tsx}'],
    ignores: ['contracts/test/**'],
    rules: {
      // A regex, not a gitignore group: the group's "!./*" never matched a relative path, so it refused the package's own files too.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.{1,2}/)',
              message: '@kassa/contracts imports nothing: it runs unchanged in the browser and in every service.',
            },
          ],
        },
      ],
    },
  },
);
