import type { EntityManager } from '@mikro-orm/postgresql';
import { type ConflictRecord, insertConflict } from '../../persistence/scanning/check-in.repository';
import type { TicketingPublisher } from '../scanning-deps';

/**
 * Records a ticket admitted twice and, the first time only (the conflict's nonce is unique), publishes it in the same
 * transaction: ordering's dashboard counts the open conflicts from it.
 */
export async function recordScanConflict(
  em: EntityManager,
  publish: Pick<TicketingPublisher, 'scanConflictRecorded'>,
  record: ConflictRecord,
): Promise<void> {
  const conflictId = await insertConflict(em, record);
  if (!conflictId) return;
  publish.scanConflictRecorded(em, {
    conflictId,
    organisationId: record.organisationId,
    eventId: record.eventId,
    ticketId: record.ticketId,
    recordedAt: record.recordedAt,
  });
}
