// Not a use case: how payments reads ordering's attestation of a payable order (CheckoutResponse.payable_order_attestation,
// handed on by the BFF in CreatePaymentRequest), so that the attempt after a checkout starts without a call back to ordering.
import { PAYABLE_ORDER_ATTESTATION } from '@kassa/contracts/payable-order';
import { readAttestation } from '@kassa/platform/grpc';
import { GetPayableOrderResponse } from '@kassa/proto/ordering/v1/orders';
import { type PayableOrder, type PaymentsContext, toPayableOrder } from './payments-context';

/**
 * The order ordering attested, when `attestation` is ordering's genuine statement for payments about `orderId`, under
 * PAYABLE_ORDER_ATTESTATION.maxAgeSeconds old; undefined otherwise (then ordering is asked, as without one). A
 * statement that does not verify is not an error: the caller is the BFF, and asking ordering is always right.
 */
export function attestedOrder(ctx: PaymentsContext, attestation: string, orderId: string): PayableOrder | undefined {
  if (attestation === '') return undefined;
  const { signer, purpose, maxAgeSeconds } = PAYABLE_ORDER_ATTESTATION;
  const now = ctx.now().getTime();
  const bytes = readAttestation(ctx.callerVerifiers, signer, purpose, attestation, maxAgeSeconds, now);
  if (!bytes) {
    ctx.logger.warn({ orderId }, 'a payable-order attestation did not verify or was too old; asking ordering');
    return undefined;
  }
  const order = GetPayableOrderResponse.decode(bytes);
  if (order.orderId !== orderId) return undefined;
  // Payable when said, and the hold it names still running now.
  const stillHeld = !!order.expiresAt && order.expiresAt.getTime() > now;
  return { ...toPayableOrder(order), payable: order.payable && stillHeld };
}
