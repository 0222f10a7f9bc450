import { paymentSettings } from '../../src/domain/payment-settings';

describe('payment settings', () => {
  it('is the Standard plan with the active provider, and lists three Platform-only providers as coming soon', () => {
    expect(paymentSettings({ name: 'stripe', testMode: false }, 'USD')).toEqual({
      plan: 'standard',
      activeProvider: { key: 'stripe', name: 'Stripe', status: 'connected' },
      platformOnlyProviders: [
        { key: 'mollie', name: 'Mollie', status: 'coming_soon' },
        { key: 'adyen', name: 'Adyen', status: 'coming_soon' },
        { key: 'paypal', name: 'PayPal', status: 'coming_soon' },
      ],
      currency: 'USD',
    });
    expect(paymentSettings({ name: 'stripe', testMode: true }, 'EUR').activeProvider.status).toBe('test_mode');
    expect(paymentSettings({ name: 'demo', testMode: true }, '')).toMatchObject({
      activeProvider: { key: 'demo', status: 'test_mode' },
      currency: 'EUR',
    });
  });
});
