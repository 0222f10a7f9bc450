import { UnauthenticatedError } from '@kassa/platform/errors';
import { newId } from '@kassa/platform/ids';
import type { CreateOrganisationRequest, CreateOrganisationResponse } from '@kassa/proto/identity/v1/organisations';
import { toLocale } from '@kassa/contracts/locales';
import { DEFAULT_CURRENCY } from '@kassa/contracts/currencies';
import { DEFAULT_TIME_ZONE } from '@kassa/contracts/time-zones';
import { checkOrganisationSettings, nameFromDisplayName } from '../domain/organisation-rules';
import { PRESETS } from '@kassa/contracts/permissions';
import { publishMemberChanged } from '../events/member-changed.publisher';
import { publishOrganisationChanged } from '../events/organisation-changed.publisher';
import { MemberEntity } from '../persistence/member.entity';
import { OrganisationEntity } from '../persistence/organisation.entity';
import { UserEntity } from '../persistence/user.entity';
import type { IdentityContext } from './identity-context';
import { type ActorRef, requireActor } from './organisation-access';
import { toMyOrganisation } from './organisation-view';

/**
 * A new organisation with the actor as its first member, holding the Owner preset. Not idempotent: two calls make
 * two organisations (nothing in the request identifies "the same one"), which the form's single submit keeps rare.
 */
export async function createOrganisation(
  ctx: IdentityContext,
  request: CreateOrganisationRequest,
  actor: ActorRef,
): Promise<CreateOrganisationResponse> {
  const userId = requireActor(actor);
  return ctx.orm.em.fork().transactional(async (em) => {
    const user = await em.findOne(UserEntity, { id: userId });
    if (!user) throw new UnauthenticatedError('Sign in to continue');
    const settings = checkOrganisationSettings(request, {
      currency: DEFAULT_CURRENCY,
      defaultLocale: toLocale(user.locale),
      timeZone: DEFAULT_TIME_ZONE,
    });
    const now = ctx.now();
    const organisation = em.create(OrganisationEntity, {
      id: newId('org'),
      ...settings,
      version: 1,
      createdAt: now,
      updatedAt: now,
    });
    // The entities declare no relations, so the unit of work does not order inserts by foreign key: write the organisation first.
    await em.flush();
    const member = em.create(MemberEntity, {
      id: newId('mem'),
      organisationId: organisation.id,
      userId,
      ...nameFromDisplayName(user.displayName),
      permissions: [...PRESETS.owner],
      joinedAt: now,
      updatedAt: now,
    });
    publishOrganisationChanged(em, 'created', organisation, userId, now);
    publishMemberChanged(em, 'joined', member, userId, now);
    ctx.logger.info({ organisationId: organisation.id, userId }, 'organisation created');
    return { organisation: toMyOrganisation(organisation, member) };
  });
}
