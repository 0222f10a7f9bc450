// Projects so that `npm test` can run the fast, server-less unit tests first,
// then the integration tests against the real PostgreSQL/Redis/NATS, then Chromium end to end.
/** @type {import('jest').Config['transform']} */
const transform = {
  '^.+\\.(t|j)sx?$|^.+\\.cjs$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};
const common = {
  transform,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // Workspace packages are symlinked and shipped as TypeScript: transform them too. @react-email/render
  // loads react-dom/server with a dynamic import() that Jest's CommonJS runtime refuses; swc turns it into require.
  // next-intl and its dependencies are published as ES modules only.
  transformIgnorePatterns: [
    '/node_modules/(?!(@kassa|@react-email|next-intl|use-intl|intl-messageformat|@formatjs|icu-minify|@schummar|jose|@noble)/)',
  ],
  // The BFF's build output holds a copy of its package.json.
  modulePathIgnorePatterns: ['<rootDir>/bff/.next/'],
};

/** @type {import('jest').Config} */
module.exports = {
  // Longest end-to-end files first, also on a clean clone (e2e/support/slowest-first.mjs).
  testSequencer: '<rootDir>/e2e/support/slowest-first.mjs',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{contracts,testing,services,web,bff,scripts}/**/test/unit/**/*.test.{ts,tsx}'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: [
        '<rootDir>/{testing,services,bff,scripts}/**/test/integration/**/*.int.test.ts',
        '<rootDir>/charts/test/**/*.int.test.ts',
      ],
      globalSetup: '<rootDir>/services/platform/test/integration-setup.ts',
    },
    {
      ...common,
      displayName: 'e2e',
      // npm run verify's sections run here too, at CI size. Two workers share the platform started here, each test
      // in a namespace of its own (npm test runs this project with --maxWorkers=2).
      testMatch: ['<rootDir>/e2e/**/*.e2e.test.ts', '<rootDir>/scripts/verify/sections/*.e2e.test.ts'],
      globalSetup: '<rootDir>/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/e2e/support/page-errors.ts'],
    },
    // End-to-end tests that nothing may run beside: the fault supervisor stops and starts the machine's PostgreSQL,
    // Redis and NATS; tenant isolation and the bad sign-in input compare whole tables of the shared platform. npm test
    // runs them after the e2e project, --runInBand, on a shared platform of their own.
    {
      ...common,
      displayName: 'e2e-alone',
      testMatch: ['<rootDir>/scripts/verify/sections/*.e2e-alone.test.ts', '<rootDir>/e2e/**/*.e2e-alone.test.ts'],
      globalSetup: '<rootDir>/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/e2e/support/page-errors.ts'],
    },
    // Parts of `npm run verify` too long for `npm test` (scripts/verify/main.ts selects this project with e2e).
    {
      ...common,
      displayName: 'verify',
      testMatch: ['<rootDir>/scripts/verify/sections/*.verify.test.ts'],
      // Each such test starts its own platform; the shared one is the e2e project's.
      globalSetup: '<rootDir>/e2e/support/build-setup.ts',
    },
  ],
};
