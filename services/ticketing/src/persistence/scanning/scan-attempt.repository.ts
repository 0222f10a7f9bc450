// A scan's nonce and its stored answer (table scan_attempt): what makes a retried scan answer exactly as the first.
import type { EntityManager } from '@mikro-orm/postgresql';
import { EVENT_COUNTS_SQL } from '../ticket-stats.repository';

export type ScanAttemptKind = 'scan' | 'offline';

/** Who made a scan: the nonce is theirs alone. */
export interface ScanAttemptOwner {
  kind: ScanAttemptKind;
  /** The link id, or the member's user id. */
  scope: string;
  deviceId: string;
  eventId: string;
}

export interface StoredScanAttempt extends ScanAttemptOwner {
  result: string;
  response: unknown;
}

/**
 * Claims the nonce in the caller's transaction: true when it is new (the caller decides the scan and stores the
 * answer with `storeScanAnswer` or `storeScanAnswerWithCounts` before committing); false when it was claimed before.
 * A claim that races an uncommitted one waits on the unique index until that transaction ends, so the loser always
 * finds the winner's answer committed (or, when the winner rolled back, claims the nonce itself).
 */
export async function claimNonce(
  em: EntityManager,
  nonce: string,
  owner: ScanAttemptOwner,
  at: Date,
): Promise<boolean> {
  const { sql, params } = claimStatement(nonce, owner, at);
  const rows = await em.execute<{ nonce: string }[]>(sql, params);
  return rows.length === 1;
}

/** claimNonce as a fragment, returning the nonce when claimed: a scan's first statement carries it. */
export function claimStatement(nonce: string, owner: ScanAttemptOwner, at: Date): { sql: string; params: unknown[] } {
  return {
    sql: `insert into scan_attempt (nonce, kind, scope, device_id, event_id, result, response, created_at)
     values (?, ?, ?, ?, ?, '', '{}'::jsonb, ?) on conflict (nonce) do nothing returning nonce`,
    params: [nonce, owner.kind, owner.scope, owner.deviceId, owner.eventId, at],
  };
}

/** The stored attempt of a nonce claimed earlier. */
export async function loadScanAttempt(em: EntityManager, nonce: string): Promise<StoredScanAttempt | null> {
  const [row] = await em.execute<
    { kind: ScanAttemptKind; scope: string; device_id: string; event_id: string; result: string; response: unknown }[]
  >(`select kind, scope, device_id, event_id, result, response from scan_attempt where nonce = ?`, [nonce]);
  return row
    ? {
        kind: row.kind,
        scope: row.scope,
        deviceId: row.device_id,
        eventId: row.event_id,
        result: row.result,
        response: row.response,
      }
    : null;
}

/** Whether a stored attempt was made by this owner (same kind, who, device and event). */
export function isOwnAttempt(attempt: StoredScanAttempt, owner: ScanAttemptOwner): boolean {
  return (
    attempt.kind === owner.kind &&
    attempt.scope === owner.scope &&
    attempt.deviceId === owner.deviceId &&
    attempt.eventId === owner.eventId
  );
}

/** Stores the answer of a claimed nonce (in the claim's transaction). */
export async function storeScanAnswer(
  em: EntityManager,
  nonce: string,
  result: string,
  response: unknown,
): Promise<void> {
  await em.execute(
    `update scan_attempt set result = ?, response = ?::jsonb where nonce = ?`,
    [result, JSON.stringify(response), nonce],
    'run',
  );
}

/**
 * A scan's last statement: stores its answer under the claimed nonce with the event's live counts as this
 * transaction leaves them (its own check-in included) set into the answer's `counts`, and notes the link's use
 * (linkUseStatement) in the same round trip. Returns the stored answer (the contract's JSON).
 */
export async function storeScanAnswerWithCounts(
  em: EntityManager,
  answer: { nonce: string; result: string; response: unknown },
  event: { organisationId: string; eventId: string },
  linkUse: { sql: string; params: unknown[] } | null,
): Promise<unknown> {
  const use = linkUse ? `link_use as (${linkUse.sql}), ` : '';
  const [row] = await em.execute<{ response: unknown }[]>(
    `with ${use}counts as (${EVENT_COUNTS_SQL})
     update scan_attempt set result = ?, response = jsonb_set(?::jsonb, '{counts}', jsonb_build_object('checkedIn', counts.checked_in, 'sold', counts.sold))
     from counts where nonce = ? returning response`,
    [
      ...(linkUse?.params ?? []),
      event.eventId,
      event.organisationId,
      answer.result,
      JSON.stringify(answer.response),
      answer.nonce,
    ],
  );
  if (!row) throw new Error(`scan attempt ${answer.nonce} was not claimed in this transaction`);
  return row.response;
}
