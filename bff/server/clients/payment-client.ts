import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import { PaymentServiceClient, type PaymentServiceService } from '@kassa/proto/payments/v1/payments';
import { type Acting, actingAs } from './acting-client';
import { readBffConfig, readCallerKey } from '../bff-config';

export type PaymentClient = PromiseClient<PaymentServiceService>;

// One channel per process; kept on globalThis so that dev-mode module reloads do not open a new one each time.
const holder = globalThis as typeof globalThis & { kassaPaymentClient?: PaymentClient };

/** payments' PaymentService; the guest's calls (CreatePayment, GetPayment, CompleteDemoPayment) and webhooks use it as is. */
export function paymentClient(): PaymentClient {
  // CreatePayment waits for the provider (Stripe) to answer, so it gets more time than a read.
  holder.kassaPaymentClient ??= createGrpcClient(PaymentServiceClient, readBffConfig().paymentsAddress, {
    callerKey: readCallerKey(),
    deadlineMs: 15_000,
  });
  return holder.kassaPaymentClient;
}

/** The organiser calls, acting for the signed-in user: `paymentClientAs(user.id).listPayments({ … })`. */
export function paymentClientAs(userId: string): Acting<PaymentClient> {
  return actingAs(paymentClient(), userId);
}
