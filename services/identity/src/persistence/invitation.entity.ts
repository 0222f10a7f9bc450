import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * An invitation by e-mail. The link's token is never stored, only its SHA-256; a re-invite of the same
 * address replaces the token, permissions and expiry of the one pending row.
 */
export const InvitationEntity = defineEntity({
  name: 'Invitation',
  tableName: 'invitations',
  properties: (p) => ({
    id: p.string().primary(),
    organisationId: p.string(),
    email: p.string(),
    firstName: p.string(),
    lastName: p.string(),
    permissions: p.array(),
    locale: p.string(),
    tokenHash: p.string().unique(),
    status: p.string(),
    invitedByUserId: p.string(),
    invitedByName: p.string(),
    sentAt: p.datetime(),
    expiresAt: p.datetime(),
    acceptedMemberId: p.string().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  }),
});
export type Invitation = InferEntity<typeof InvitationEntity>;
