import type { UpdateOrganisationRequest, UpdateOrganisationResponse } from '@kassa/proto/identity/v1/organisations';
import { checkOrganisationSettings } from '../domain/organisation-rules';
import { publishOrganisationChanged } from '../events/organisation-changed.publisher';
import type { IdentityContext } from './identity-context';
import { type ActorRef, checkIds, requireActor, requireMembership, requirePermission } from './organisation-access';
import { toMyOrganisation } from './organisation-view';

/**
 * Replaces the general settings (an empty time zone keeps the current one); needs "organisation.settings". The row
 * is locked so versions never collide, and sending the same settings again changes nothing (no new version, no
 * event): a retried call is harmless.
 */
export async function updateOrganisation(
  ctx: IdentityContext,
  request: UpdateOrganisationRequest,
  actor: ActorRef,
): Promise<UpdateOrganisationResponse> {
  const userId = requireActor(actor);
  checkIds({ organisation_id: [request.organisationId, 'org'] });
  return ctx.orm.em.fork().transactional(async (em) => {
    const { organisation, member } = await requireMembership(em, request.organisationId, userId, true);
    requirePermission(member, 'organisation.settings');
    const settings = checkOrganisationSettings(request, { timeZone: organisation.timeZone });
    const changed = (Object.keys(settings) as (keyof typeof settings)[]).filter(
      (key) => organisation[key] !== settings[key],
    );
    if (changed.length > 0) {
      const now = ctx.now();
      Object.assign(organisation, settings, { version: organisation.version + 1, updatedAt: now });
      publishOrganisationChanged(em, 'updated', organisation, userId, now);
      ctx.logger.info({ organisationId: organisation.id, fields: changed }, 'organisation updated');
    }
    return { organisation: toMyOrganisation(organisation, member) };
  });
}
