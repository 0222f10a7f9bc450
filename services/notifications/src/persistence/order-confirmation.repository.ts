import type { EntityManager } from '@mikro-orm/postgresql';

/** What is kept per order for its confirmation (see the migration's order_confirmation). */
export interface OrderConfirmationRow {
  orderId: string;
  organisationId: string;
  /** OrderConfirmationSnapshot, sealed; null until the tickets were issued. */
  sealedSnapshot: string | null;
  issuedAt: Date | null;
  voidedAt: Date | null;
  voidReason: string;
}

interface RawRow {
  order_id: string;
  organisation_id: string;
  sealed_snapshot: string | null;
  issued_at: string | Date | null;
  voided_at: string | Date | null;
  void_reason: string;
}

const columns = 'order_id, organisation_id, sealed_snapshot, issued_at, voided_at, void_reason';
// Raw SQL hands timestamps back as strings.
const toDate = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));
const toRow = (raw: RawRow): OrderConfirmationRow => ({
  orderId: raw.order_id,
  organisationId: raw.organisation_id,
  sealedSnapshot: raw.sealed_snapshot,
  issuedAt: toDate(raw.issued_at),
  voidedAt: toDate(raw.voided_at),
  voidReason: raw.void_reason,
});

/**
 * The order's row, created empty when missing, locked until the transaction ends: issue, void and resend of one order
 * are decided one after the other (either event may arrive first; two copies of one may arrive at once).
 */
export async function lockOrderConfirmation(
  em: EntityManager,
  orderId: string,
  organisationId: string,
  now: Date,
): Promise<OrderConfirmationRow> {
  await em.execute(
    'insert into order_confirmation (order_id, organisation_id, created_at, updated_at) values (?, ?, ?, ?) on conflict (order_id) do nothing',
    [orderId, organisationId, now, now],
  );
  const [raw] = await em.execute<RawRow[]>(`select ${columns} from order_confirmation where order_id = ? for update`, [
    orderId,
  ]);
  return toRow(raw!);
}

/** The order's row, locked when asked; undefined when neither issue nor void of it arrived. */
export async function findOrderConfirmation(
  em: EntityManager,
  orderId: string,
  options: { lock?: boolean } = {},
): Promise<OrderConfirmationRow | undefined> {
  const [raw] = await em.execute<RawRow[]>(
    `select ${columns} from order_confirmation where order_id = ?${options.lock ? ' for update' : ''}`,
    [orderId],
  );
  return raw ? toRow(raw) : undefined;
}

export async function saveIssued(
  em: EntityManager,
  orderId: string,
  sealedSnapshot: string,
  issuedAt: Date,
  now: Date,
): Promise<void> {
  await em.execute(
    'update order_confirmation set sealed_snapshot = ?, issued_at = ?, updated_at = ? where order_id = ?',
    [sealedSnapshot, issuedAt, now, orderId],
  );
}

export async function saveVoided(
  em: EntityManager,
  orderId: string,
  voidedAt: Date,
  reason: string,
  now: Date,
): Promise<void> {
  await em.execute('update order_confirmation set voided_at = ?, void_reason = ?, updated_at = ? where order_id = ?', [
    voidedAt,
    reason,
    now,
    orderId,
  ]);
}
