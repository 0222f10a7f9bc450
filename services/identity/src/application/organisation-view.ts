// Not a use case: organisations, members and invitations as the contract's messages.
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  Invitation as InvitationMessage,
  Member as MemberMessage,
  MyOrganisation,
  Organisation as OrganisationMessage,
} from '@kassa/proto/identity/v1/organisations';
import { presetOf } from '@kassa/contracts/permissions';
import type { Invitation } from '../persistence/invitation.entity';
import type { Member } from '../persistence/member.entity';
import type { Organisation } from '../persistence/organisation.entity';
import { UserEntity } from '../persistence/user.entity';

export function toOrganisationMessage(organisation: Organisation): OrganisationMessage {
  const { id, name, description, currency, defaultLocale, createdAt, version, timeZone } = organisation;
  return { id, name, description, currency, defaultLocale, createdAt, version, timeZone };
}

export function toMyOrganisation(organisation: Organisation, member: Member): MyOrganisation {
  return {
    organisation: toOrganisationMessage(organisation),
    permissions: [...member.permissions],
    memberId: member.id,
  };
}

export function toMemberMessage(member: Member, email: string): MemberMessage {
  return {
    id: member.id,
    userId: member.userId,
    firstName: member.firstName,
    lastName: member.lastName,
    email,
    permissions: [...member.permissions],
    preset: presetOf(member.permissions),
    joinedAt: member.joinedAt,
  };
}

export function toInvitationMessage(invitation: Invitation): InvitationMessage {
  return {
    id: invitation.id,
    email: invitation.email,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    permissions: [...invitation.permissions],
    preset: presetOf(invitation.permissions),
    status: invitation.status,
    sentAt: invitation.sentAt,
    expiresAt: invitation.expiresAt,
  };
}

/** Members with their account addresses (the address belongs to the user, not to the membership). */
export async function toMemberMessages(em: EntityManager, members: readonly Member[]): Promise<MemberMessage[]> {
  const users = await em.find(
    UserEntity,
    { id: { $in: members.map((member) => member.userId) } },
    { fields: ['id', 'email'] },
  );
  const emails = new Map(users.map((user) => [user.id, user.email]));
  return members.map((member) => toMemberMessage(member, emails.get(member.userId) ?? ''));
}
