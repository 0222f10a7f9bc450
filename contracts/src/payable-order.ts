// The statement ordering makes at checkout of what a held order costs, for payments to start its attempt from without
// asking ordering again (CheckoutResponse.payable_order_attestation → CreatePaymentRequest; docs/ARCHITECTURE.md,
// "Checkout hands payments a signed order").

export const PAYABLE_ORDER_ATTESTATION = {
  signer: 'ordering',
  reader: 'payments',
  purpose: 'payable-order',
  /**
   * How old a statement payments believes. The guest's browser calls CreatePayment right after the checkout, within
   * the same request to the BFF; a minute leaves room for a slow one and is far shorter than any hold, so an order
   * attested as held is still held or has just ended (which a payment after the check could meet anyway: the payment
   * saga settles it).
   */
  maxAgeSeconds: 60,
} as const;
