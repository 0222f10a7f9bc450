import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { OrganisationChanged } from '@kassa/proto/identity/events/v1/organisations';
import type { Organisation } from '../persistence/organisation.entity';
import { IDENTITY_SUBJECTS } from './subjects';

/** The whole organisation after the change, keyed by its id so consumers see one organisation's changes in order. */
export function publishOrganisationChanged(
  em: EntityManager,
  verb: 'created' | 'updated',
  organisation: Organisation,
  actorUserId: string,
  now: Date,
): void {
  const { id, name, description, currency, defaultLocale, version, timeZone } = organisation;
  addToOutbox(em, {
    subject: verb === 'created' ? IDENTITY_SUBJECTS.organisationCreated : IDENTITY_SUBJECTS.organisationUpdated,
    type: OrganisationChanged,
    message: {
      organisation: { id, name, description, currency, defaultLocale, version, timeZone },
      actorUserId,
      occurredAt: now,
    },
    key: id,
  });
}
