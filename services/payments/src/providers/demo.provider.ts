import { UnauthenticatedError } from '@kassa/platform/errors';
import type { PaymentProvider } from './payment-provider';
import { accessKeyQuery } from '@kassa/platform/ids';

/**
 * The built-in demo provider: no network, no money. Its "payment page" is the BFF's test-mode page
 * `/payments/demo/{paymentId}?key={orderAccessKey}`, whose Pay / Fail / Abandon come back through CompleteDemoPayment as provider
 * events. It keeps no state of its own, so a lookup says "open" and the order's hold ends an abandoned attempt.
 */
export function createDemoProvider(): PaymentProvider {
  return {
    name: 'demo',
    testMode: true,
    expiryFor: (_now, holdEnd) => holdEnd,
    async createAttempt(request) {
      const redirectUrl = `${request.returnOrigin}/payments/demo/${request.paymentId}?${accessKeyQuery(request.orderAccessKey)}`;
      return { providerReference: `demo_${request.paymentId}`, redirectUrl };
    },
    lookUp: async () => ({ status: 'open' }),
    cancel: async () => ({ status: 'expired' }),
    // Nothing was taken, so there is nothing to send back: a demo refund succeeds at once.
    refund: async () => ({ status: 'succeeded', providerReference: '', failureReason: '' }),
    lookUpRefund: async () => ({ status: 'succeeded', providerReference: '', failureReason: '' }),
    parseWebhook() {
      throw new UnauthenticatedError('The demo provider sends no webhooks');
    },
  };
}
