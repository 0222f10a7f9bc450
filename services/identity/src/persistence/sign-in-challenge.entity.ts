import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** One request for a sign-in code. Only an HMAC of the code is kept, keyed and bound to the challenge id. */
export const SignInChallengeEntity = defineEntity({
  name: 'SignInChallenge',
  tableName: 'sign_in_challenges',
  properties: (p) => ({
    id: p.string().primary(),
    email: p.string().index(),
    codeHash: p.string(),
    purpose: p.string(),
    locale: p.string(),
    displayName: p.string(),
    clientIp: p.string(),
    failedTries: p.integer(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    consumedAt: p.datetime().nullable(),
  }),
});
export type SignInChallenge = InferEntity<typeof SignInChallengeEntity>;
