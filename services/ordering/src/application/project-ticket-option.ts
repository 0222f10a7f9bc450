import type { TicketOptionChanged } from '@kassa/proto/catalog/events/v1/events';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BucketPolicy } from '../domain/quota-allocation';
import { removeTicketOption, upsertTicketOption } from '../persistence/projection.repository';

/** catalog's TicketOptionChanged → the option and its capacity quota; "deleted" leaves a tombstone (the counts stay). */
export async function projectTicketOption(
  em: EntityManager,
  message: TicketOptionChanged,
  policy: BucketPolicy,
): Promise<void> {
  const option = message.ticketOption;
  if (!option?.id) throw new Error('TicketOptionChanged without a ticket option');
  const snapshot = {
    id: option.id,
    eventId: option.eventId,
    organisationId: message.organisationId,
    name: option.name,
    capacity: option.capacity ?? null,
    version: option.version,
  };
  if (message.change === 'deleted') await removeTicketOption(em, snapshot);
  else await upsertTicketOption(em, snapshot, policy);
}
