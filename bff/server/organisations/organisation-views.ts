// identity's organisation messages → what the browser may see (plain JSON, ISO timestamps).
import type { GetInvitationResponse, Invitation, Member, MyOrganisation } from '@kassa/proto/identity/v1/organisations';
import type { InvitationDetails, InvitationRow, MemberRow, OrganisationSummary } from '@kassa/web/lib/organisations';

const iso = (date: Date | undefined): string => (date ?? new Date(0)).toISOString();

export function toOrganisationSummary(mine: MyOrganisation | undefined): OrganisationSummary {
  const organisation = mine?.organisation;
  if (!mine || !organisation) throw new Error('identity answered without an organisation');
  return {
    id: organisation.id,
    name: organisation.name,
    description: organisation.description,
    currency: organisation.currency,
    defaultLocale: organisation.defaultLocale,
    timeZone: organisation.timeZone,
    permissions: mine.permissions,
    memberId: mine.memberId,
  };
}

export function toMemberRow(member: Member): MemberRow {
  return {
    id: member.id,
    userId: member.userId,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    permissions: member.permissions,
    preset: member.preset,
    joinedAt: iso(member.joinedAt),
  };
}

export function toInvitationRow(invitation: Invitation): InvitationRow {
  return {
    id: invitation.id,
    email: invitation.email,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    permissions: invitation.permissions,
    preset: invitation.preset,
    status: invitation.status || 'pending',
    sentAt: iso(invitation.sentAt),
    expiresAt: iso(invitation.expiresAt),
  };
}

export function toInvitationDetails(answer: GetInvitationResponse): InvitationDetails {
  const invitation = answer.invitation;
  if (!invitation) throw new Error('identity answered without an invitation');
  return {
    organisationId: answer.organisationId,
    organisationName: answer.organisationName,
    invitedBy: answer.invitedBy,
    email: invitation.email,
    permissions: invitation.permissions,
    preset: invitation.preset,
    expiresAt: iso(invitation.expiresAt),
  };
}
