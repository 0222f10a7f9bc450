import { type EventStatus } from '@kassa/contracts/statuses';
import { FailedPreconditionError } from '@kassa/platform/errors';

export { EVENT_STATUSES, type EventStatus, isEventStatus } from '@kassa/contracts/statuses';

/** What can happen to an event's status; each is also the history action of its change. */
export type StatusChange = 'published' | 'converted_to_draft' | 'ended' | 'deleted';

export interface StatusOutcome {
  status: EventStatus;
  /** False for a repeat that the contract answers with success and no new version (publish a live event, …). */
  changed: boolean;
}

const unchanged = (status: EventStatus): StatusOutcome => ({ status, changed: false });
const to = (status: EventStatus): StatusOutcome => ({ status, changed: true });

/**
 * The event status machine: draft ⇄ live, live → ended at endsAt, ended → draft (to change it and publish
 * again), any → deleted. Anything else is refused with FAILED_PRECONDITION.
 */
export function changeStatus(
  current: EventStatus,
  change: StatusChange,
  { endsAt, now }: { endsAt: Date; now: Date },
): StatusOutcome {
  switch (change) {
    case 'published':
      if (current === 'live') return unchanged(current);
      if (current !== 'draft') throw new FailedPreconditionError('Only a draft event can be published');
      if (endsAt.getTime() <= now.getTime()) throw new FailedPreconditionError('The event has already ended');
      return to('live');
    case 'converted_to_draft':
      if (current === 'draft') return unchanged(current);
      if (current === 'deleted') throw new FailedPreconditionError('The event is deleted');
      return to('draft');
    case 'ended':
      if (current === 'ended') return unchanged(current);
      if (current !== 'live') throw new FailedPreconditionError('Only a live event can end');
      if (endsAt.getTime() > now.getTime()) throw new FailedPreconditionError('The event has not ended yet');
      return to('ended');
    case 'deleted':
      return current === 'deleted' ? unchanged(current) : to('deleted');
  }
}

/** True when the automatic end is due: the sweeper and the delayed job both ask this before ending. */
export function isDueToEnd(event: { status: string; endsAt: Date }, now: Date): boolean {
  return event.status === 'live' && event.endsAt.getTime() <= now.getTime();
}

/** Whether guests may see the event at /event/{eventId}. */
export function isPubliclyVisible(status: string): boolean {
  return status === 'live' || status === 'ended';
}
