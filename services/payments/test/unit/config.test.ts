import { ConfigError } from '@kassa/platform/config';
import { callerKeyOf, callerVerifiersOf } from '@kassa/platform/grpc';
import {
  DEMO_REFUSED_IN_PRODUCTION,
  loadPaymentsConfig,
  PROVIDER_REQUIRED_IN_PRODUCTION,
  STRIPE_STAND_IN_REFUSED_IN_PRODUCTION,
} from '../../src/config';
import { parseOrderingSubject, paymentSubject } from '../../src/events/subjects';

// KASSA_CALLER_KEY, required of every service: base64url of 32 bytes.
const required = { KASSA_CALLER_KEY: Buffer.alloc(32, 7).toString('base64url') };

describe('payments configuration', () => {
  it('defaults to the demo provider on the payments ports and database', () => {
    const config = loadPaymentsConfig(required);
    expect(config).toMatchObject({
      PAYMENT_PROVIDER: 'demo',
      grpcPort: 50054,
      httpPort: 9104,
      IDENTITY_GRPC_ADDRESS: '127.0.0.1:50051',
      ORDERING_GRPC_ADDRESS: '127.0.0.1:50053',
      RECONCILE_AFTER_MINUTES: 10,
      RECONCILE_INTERVAL_SECONDS: 60,
    });
    expect(config.databaseUrl).toMatch(/\/kassa_payments$/);
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('needs both Stripe secrets with PAYMENT_PROVIDER=stripe, naming each missing one', () => {
    expect(() => loadPaymentsConfig({ ...required, PAYMENT_PROVIDER: 'stripe' })).toThrow(ConfigError);
    try {
      loadPaymentsConfig({ ...required, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        { variable: 'STRIPE_WEBHOOK_SECRET', message: 'is required when PAYMENT_PROVIDER is stripe' },
      ]);
    }
    const stripe = loadPaymentsConfig({
      ...required,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
    });
    expect(stripe).toMatchObject({ PAYMENT_PROVIDER: 'stripe', STRIPE_API_PORT: 12111, STRIPE_API_PROTOCOL: 'http' });
  });

  it('refuses to start in production with the demo provider, or with no provider chosen', () => {
    const problemsOf = (env: NodeJS.ProcessEnv) => {
      try {
        loadPaymentsConfig({ ...required, ...env });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problemsOf({ KASSA_ENV: 'production', PAYMENT_PROVIDER: 'demo' })).toEqual([
      { variable: 'PAYMENT_PROVIDER', message: DEMO_REFUSED_IN_PRODUCTION },
    ]);
    expect(problemsOf({ KASSA_ENV: 'production' })).toEqual([
      { variable: 'PAYMENT_PROVIDER', message: PROVIDER_REQUIRED_IN_PRODUCTION },
    ]);
    // KASSA_ENV falls back to NODE_ENV, as in the service image.
    expect(problemsOf({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'demo' })).toEqual([
      { variable: 'PAYMENT_PROVIDER', message: DEMO_REFUSED_IN_PRODUCTION },
    ]);
    expect(
      problemsOf({
        KASSA_ENV: 'production',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh',
      }),
    ).toEqual([]);
    expect(
      loadPaymentsConfig({ ...required, KASSA_ENV: 'development', PAYMENT_PROVIDER: 'demo' }).PAYMENT_PROVIDER,
    ).toBe('demo');
    expect(loadPaymentsConfig({ ...required, KASSA_ENV: 'test' }).PAYMENT_PROVIDER).toBe('demo');
  });

  it("refuses the Stripe stand-in's address (a test seam) in production, and takes it in tests", () => {
    const stripe = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh',
    };
    const standIn = { STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' };
    const problems = (() => {
      try {
        loadPaymentsConfig({ ...required, ...stripe, ...standIn, KASSA_ENV: 'production' });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    })();
    expect(problems).toEqual(
      ['STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL'].map((variable) => ({
        variable,
        message: STRIPE_STAND_IN_REFUSED_IN_PRODUCTION,
      })),
    );
    expect(loadPaymentsConfig({ ...required, ...stripe, ...standIn, KASSA_ENV: 'test' }).STRIPE_API_PROTOCOL).toBe(
      'http',
    );
  });

  it('needs the caller key, as 32 bytes of base64url (app.ts reads it before it serves)', () => {
    expect(() => callerKeyOf(loadPaymentsConfig({}))).toThrow(/KASSA_CALLER_SECRET is required/);
    expect(() => callerVerifiersOf(loadPaymentsConfig({}))).toThrow(/KASSA_CALLER_VERIFIERS is required/);
    expect(() => loadPaymentsConfig({ KASSA_CALLER_KEY: 'too-short' })).toThrow(
      /KASSA_CALLER_KEY \(must be base64url of 32 bytes\)/,
    );
  });

  it('refuses an unknown provider and a key that is not a Stripe secret key', () => {
    expect(() => loadPaymentsConfig({ ...required, PAYMENT_PROVIDER: 'mollie' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadPaymentsConfig({ ...required, STRIPE_SECRET_KEY: 'pk_test_public' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe('subjects', () => {
  it('publishes on kassa.payments.payment.<verb> and reads ordering subjects with or without a namespace', () => {
    expect(paymentSubject('succeeded')).toBe('kassa.payments.payment.succeeded');
    expect(parseOrderingSubject('it1234.kassa.ordering.order.expired')).toEqual({ entity: 'order', verb: 'expired' });
    expect(parseOrderingSubject('kassa.catalog.shop.opened')).toBeNull();
  });
});
