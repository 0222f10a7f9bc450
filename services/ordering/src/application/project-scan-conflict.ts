import type { ScanConflictRecorded } from '@kassa/proto/ticketing/events/v1/events';
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordScanConflict } from '../persistence/activity.repository';

/** ticketing's ScanConflictRecorded → the event's conflicts on the dashboard's "needs attention". */
export async function projectScanConflict(em: EntityManager, message: ScanConflictRecorded): Promise<void> {
  if (!message.conflictId || !message.eventId) throw new Error('ScanConflictRecorded without a conflict or an event');
  await recordScanConflict(em, {
    conflictId: message.conflictId,
    organisationId: message.organisationId,
    eventId: message.eventId,
    recordedAt: message.recordedAt ?? new Date(0),
  });
}
