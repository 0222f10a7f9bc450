/** identity publishes on kassa.identity.<entity>.<verb>, all in one stream. */
export const IDENTITY_STREAM = { name: 'KASSA_IDENTITY', subjects: ['kassa.identity.>'] } as const;

export const IDENTITY_SUBJECTS = {
  signInCodeRequested: 'kassa.identity.signin.code_requested',
  userCreated: 'kassa.identity.user.created',
  organisationCreated: 'kassa.identity.organisation.created',
  organisationUpdated: 'kassa.identity.organisation.updated',
  memberInvited: 'kassa.identity.member.invited',
  memberJoined: 'kassa.identity.member.joined',
  memberUpdated: 'kassa.identity.member.updated',
  memberRemoved: 'kassa.identity.member.removed',
} as const;
