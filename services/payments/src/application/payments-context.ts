// Not a use case: what payments' use cases are given (database, clock, authoriser, providers, ordering's order
// lookup, identity's organisation directory), and the ports those two are.
import type { OrganisationAuthorizer } from '@kassa/platform/authorization';
import type { CallerVerifiers } from '@kassa/platform/grpc';
import type { Logger } from '@kassa/platform/logging';
import type { GetPayableOrderResponse } from '@kassa/proto/ordering/v1/orders';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ProviderRegistry } from '../providers/provider-registry';

/** What ordering says a payment for an order must be (OrderService.GetPayableOrder). */
export interface PayableOrder {
  orderId: string;
  number: string;
  organisationId: string;
  shopId: string;
  status: string;
  /** Whether a new attempt may start now. */
  payable: boolean;
  amountMinor: number;
  currency: string;
  /** When the hold ends; null when the order is not held. */
  expiresAt: Date | null;
  email: string;
  locale: string;
  /** The guest's key to the order: the caller must hold it, and the return links carry it. */
  accessKey: string;
}

/** ordering's GetPayableOrder answer (called, or attested at checkout) as payments reads it. */
export function toPayableOrder(order: GetPayableOrderResponse): PayableOrder {
  return {
    orderId: order.orderId,
    number: order.number,
    organisationId: order.organisationId,
    shopId: order.shopId,
    status: order.status,
    payable: order.payable,
    amountMinor: order.amountMinor,
    currency: order.currency,
    expiresAt: order.expiresAt ?? null,
    email: order.email,
    locale: order.locale,
    accessKey: order.accessKey,
  };
}

/** Port to ordering. NotFoundError when the order is unknown. */
export interface OrderLookup {
  getPayableOrder(orderId: string): Promise<PayableOrder>;
}

/** Port to identity for what payments shows of an organisation. */
export interface OrganisationDirectory {
  /** The organisation's currency as the acting member sees it ('' when identity has none). */
  currencyOf(actorUserId: string, organisationId: string): Promise<string>;
}

/** What the use cases need from the outside world; tests pass their own clock and doubles of other services. */
export interface PaymentsContext {
  orm: MikroORM;
  logger: Logger;
  now(): Date;
  authorizer: Pick<OrganisationAuthorizer, 'authorize'>;
  orders: OrderLookup;
  /** The keys payments accepts calls with (callerVerifiersOf): they verify ordering's attestations too (attested-order.ts). */
  callerVerifiers: CallerVerifiers;
  organisations: OrganisationDirectory;
  providers: ProviderRegistry;
  /** An open attempt unchanged this long is looked up at the provider (RECONCILE_AFTER_MINUTES). */
  reconcileAfterMs: number;
  /**
   * The concurrent-webhooks control only (services/payments/test/integration/payments-stripe.int.test.ts): provider
   * events read their attempt without its row lock, so that the test can show two of them then both change it.
   */
  unsafeUnlockedAttempt?: boolean;
}

/** identity's permission strings. */
export const ORDERS_VIEW = 'orders.view';
export const PAYMENTS = 'payments';
