import type { EntityManager } from '@mikro-orm/core';
import { sealString } from '@kassa/platform/crypto';
import { addToOutbox } from '@kassa/platform/outbox';
import { SignInCodeRequested } from '@kassa/proto/identity/events/v1/events';
import { IDENTITY_SUBJECTS } from './subjects';

export interface SignInCodeRequestedFacts {
  challengeId: string;
  email: string;
  code: string;
  locale: string;
  newAccount: boolean;
  expiresAt: Date;
  displayName: string;
}

/** Queues the fact in the caller's transaction; the code travels sealed so it is never readable at rest. */
export function publishSignInCodeRequested(
  em: EntityManager,
  sealingKey: Buffer,
  facts: SignInCodeRequestedFacts,
): void {
  const { code, ...rest } = facts;
  addToOutbox(em, {
    subject: IDENTITY_SUBJECTS.signInCodeRequested,
    type: SignInCodeRequested,
    message: { ...rest, sealedCode: sealString(sealingKey, code) },
    key: facts.challengeId,
  });
}
