import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * The newest OrderChanged seen per order: its version guards against older snapshots (redelivered or reordered),
 * and `ticketsIssuedAt` makes TicketsIssued go out once per order. The row is locked while a change is applied, so
 * two replicas handling the same order's messages take turns.
 */
export const OrderStateEntity = defineEntity({
  name: 'OrderState',
  tableName: 'order_state',
  properties: (p) => ({
    orderId: p.string().primary(),
    organisationId: p.string(),
    version: p.integer(),
    status: p.string(),
    ticketsIssuedAt: p.datetime().nullable(),
    /** The order's guest key, from OrderChanged: checks the guest's ticket list; passed on in TicketsIssued. */
    guestAccessKey: p.string().nullable(),
    updatedAt: p.datetime(),
  }),
});
export type OrderStateRow = InferEntity<typeof OrderStateEntity>;
