import { FailedPreconditionError } from '@kassa/platform/errors';
import type { PaymentsConfig } from '../config';
import { createDemoProvider } from './demo.provider';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe.provider';

export interface ProviderRegistry {
  /** Where new attempts go (PAYMENT_PROVIDER). */
  active: PaymentProvider;
  /** The provider of an existing attempt; FAILED_PRECONDITION when it is not configured any more. */
  get(name: string): PaymentProvider;
}

/**
 * The active provider takes new attempts; the others stay reachable for attempts made earlier (a demo attempt's
 * refund after switching to Stripe, a Stripe webhook for an old session while the demo provider is active).
 */
export function createProviderRegistry(
  config: Pick<
    PaymentsConfig,
    | 'PAYMENT_PROVIDER'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'STRIPE_API_HOST'
    | 'STRIPE_API_PORT'
    | 'STRIPE_API_PROTOCOL'
  >,
): ProviderRegistry {
  const providers = new Map<string, PaymentProvider>([['demo', createDemoProvider()]]);
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    providers.set(
      'stripe',
      createStripeProvider({
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        host: config.STRIPE_API_HOST,
        port: config.STRIPE_API_PORT,
        protocol: config.STRIPE_API_PROTOCOL,
      }),
    );
  }
  const get = (name: string): PaymentProvider => {
    const provider = providers.get(name);
    if (!provider) throw new FailedPreconditionError(`The payment provider "${name}" is not configured`);
    return provider;
  };
  return { active: get(config.PAYMENT_PROVIDER), get };
}
