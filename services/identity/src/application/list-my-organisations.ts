import type { ListMyOrganisationsResponse } from '@kassa/proto/identity/v1/organisations';
import { MemberEntity } from '../persistence/member.entity';
import { OrganisationEntity } from '../persistence/organisation.entity';
import type { IdentityContext } from './identity-context';
import { type ActorRef, requireActor } from './organisation-access';
import { toMyOrganisation } from './organisation-view';

/** The actor's organisations, by name, each with the actor's permissions there. */
export async function listMyOrganisations(ctx: IdentityContext, actor: ActorRef): Promise<ListMyOrganisationsResponse> {
  const userId = requireActor(actor);
  const em = ctx.orm.em.fork();
  const members = await em.find(MemberEntity, { userId });
  const organisations = await em.find(OrganisationEntity, {
    id: { $in: members.map((member) => member.organisationId) },
  });
  const byId = new Map(organisations.map((organisation) => [organisation.id, organisation]));
  const mine = members.flatMap((member) => {
    const organisation = byId.get(member.organisationId);
    return organisation ? [toMyOrganisation(organisation, member)] : [];
  });
  mine.sort(
    (a, b) =>
      a.organisation!.name.localeCompare(b.organisation!.name, 'en', { sensitivity: 'base' }) ||
      a.organisation!.id.localeCompare(b.organisation!.id),
  );
  return { organisations: mine };
}
