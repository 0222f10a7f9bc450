import type { GetOrganisationRequest, GetOrganisationResponse } from '@kassa/proto/identity/v1/organisations';
import type { IdentityContext } from './identity-context';
import { type ActorRef, checkIds, requireActor, requireMembership } from './organisation-access';
import { toMyOrganisation } from './organisation-view';

/** One organisation the actor belongs to, with the actor's permissions; NOT_FOUND for anyone else. */
export async function getOrganisation(
  ctx: IdentityContext,
  request: GetOrganisationRequest,
  actor: ActorRef,
): Promise<GetOrganisationResponse> {
  const userId = requireActor(actor);
  checkIds({ organisation_id: [request.organisationId, 'org'] });
  const { organisation, member } = await requireMembership(ctx.orm.em.fork(), request.organisationId, userId);
  return { organisation: toMyOrganisation(organisation, member) };
}
