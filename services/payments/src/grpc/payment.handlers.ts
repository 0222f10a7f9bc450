import type { AsyncHandlers } from '@kassa/platform/grpc';
import { PaymentServiceService } from '@kassa/proto/payments/v1/payments';
import { completeDemoPayment } from '../application/complete-demo-payment';
import { createPayment } from '../application/create-payment';
import { getPayment } from '../application/get-payment';
import { getPaymentSettings } from '../application/get-payment-settings';
import { handleProviderWebhook } from '../application/handle-provider-webhook';
import { listPayments } from '../application/list-payments';
import type { PaymentsContext } from '../application/payments-context';

export const paymentService = PaymentServiceService;

/** Maps the gRPC surface onto the use cases; organiser calls pass their call context to be authorised. */
export function paymentHandlers(ctx: PaymentsContext): AsyncHandlers<typeof PaymentServiceService> {
  return {
    createPayment: (request) => createPayment(ctx, request),
    getPayment: (request) => getPayment(ctx, request),
    listPayments: (request, call) => listPayments(ctx, call, request),
    completeDemoPayment: (request) => completeDemoPayment(ctx, request),
    handleProviderWebhook: (request) => handleProviderWebhook(ctx, request),
    getPaymentSettings: (request, call) => getPaymentSettings(ctx, call, request),
  };
}
