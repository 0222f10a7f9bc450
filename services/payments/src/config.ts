import { z } from 'zod';
import { ConfigError, loadConfig } from '@kassa/platform/config';
import { CALLER_KEY_SETTINGS } from '@kassa/platform/grpc';
import { localAddress, localDefaults } from '@kassa/platform/topology';
import { PAYMENT_PROVIDER_NAMES } from './providers/payment-provider';

export const PAYMENTS_DEFAULTS = localDefaults('payments');

export const PROVIDER_REQUIRED_IN_PRODUCTION = 'is required in production (stripe)';
export const STRIPE_STAND_IN_REFUSED_IN_PRODUCTION =
  "must not be set in production: it points the Stripe SDK at a stand-in of Stripe's API (tests only)";
export const DEMO_REFUSED_IN_PRODUCTION =
  'must not be demo in production: the demo provider takes no money (use stripe)';

const minutes = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(fallback);

export function loadPaymentsConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(
    'payments',
    PAYMENTS_DEFAULTS,
    {
      /**
       * KASSA_CALLER_SECRET and KASSA_CALLER_VERIFIERS (KASSA_CALLER_KEY in development): the credential of every gRPC
       * call made and accepted.
       */
      ...CALLER_KEY_SETTINGS,
      /** host:port of identity: Authorize for organiser calls, the organisation's currency for the settings. */
      IDENTITY_GRPC_ADDRESS: z.string().min(3).default(localAddress('identity')),
      /** host:port of ordering: GetPayableOrder (amount, currency, status and hold of an order). */
      ORDERING_GRPC_ADDRESS: z.string().min(3).default(localAddress('ordering')),
      /**
       * The provider new attempts go to: the built-in demo provider (no money moves; the default outside production,
       * refused in production) or Stripe.
       */
      PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDER_NAMES).optional(),
      /** Stripe's secret (or restricted) key; "sk_test_…" runs in test mode. Required with PAYMENT_PROVIDER=stripe. */
      STRIPE_SECRET_KEY: z
        .string()
        .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_… or rk_…)')
        .optional(),
      /** The signing secret of the Stripe webhook endpoint ("whsec_…"). Required with PAYMENT_PROVIDER=stripe. */
      STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
      /**
       * Where the Stripe SDK sends requests; only for a local stand-in of Stripe's API (tests; refused in production).
       * Default Stripe's own.
       */
      STRIPE_API_HOST: z.string().min(1).optional(),
      STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
      STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
      /** An attempt still open this long after its last change is looked up at the provider. */
      RECONCILE_AFTER_MINUTES: minutes(10),
      /** How often the reconciliation sweep runs. */
      RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    },
    env,
  );
  const provider = config.PAYMENT_PROVIDER ?? (config.environment === 'production' ? undefined : 'demo');
  // A production payments service that "takes" payments on the demo page would hand out real tickets for nothing.
  if (provider === undefined)
    throw new ConfigError('payments', [{ variable: 'PAYMENT_PROVIDER', message: PROVIDER_REQUIRED_IN_PRODUCTION }]);
  if (provider === 'demo' && config.environment === 'production') {
    throw new ConfigError('payments', [{ variable: 'PAYMENT_PROVIDER', message: DEMO_REFUSED_IN_PRODUCTION }]);
  }
  // The stand-in's address is a test seam (plain http to loopback): production talks to Stripe's own API only.
  const standIn = (['STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL'] as const).filter(
    (name) => config[name] !== undefined,
  );
  if (config.environment === 'production' && standIn.length > 0) {
    throw new ConfigError(
      'payments',
      standIn.map((variable) => ({ variable, message: STRIPE_STAND_IN_REFUSED_IN_PRODUCTION })),
    );
  }
  if (provider === 'stripe') {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((name) => !config[name]);
    if (missing.length > 0)
      throw new ConfigError(
        'payments',
        missing.map((variable) => ({ variable, message: 'is required when PAYMENT_PROVIDER is stripe' })),
      );
  }
  return { ...config, PAYMENT_PROVIDER: provider };
}
export type PaymentsConfig = ReturnType<typeof loadPaymentsConfig>;
