import type { StreamWaitingConsumer } from '@kassa/platform/messaging';
import { SignInCodeRequested } from '@kassa/proto/identity/events/v1/events';
import { acceptSignInCodeRequest } from '../application/accept-sign-in-code-request';
import { type IdentityConsumerOptions, startIdentityEmailConsumer } from './email-request.consumer';
import { subjects } from './subjects';

export const SIGNIN_CODE_DURABLE = 'notifications-signin-code';

export type SignInCodeRequestedConsumerOptions = IdentityConsumerOptions;

/** identity's SignInCodeRequested → an e-mail message in 'created', then a send job. */
export function startSignInCodeRequestedConsumer(options: SignInCodeRequestedConsumerOptions): StreamWaitingConsumer {
  return startIdentityEmailConsumer(
    {
      durable: SIGNIN_CODE_DURABLE,
      subject: subjects.signInCodeRequested,
      accept: (em, data, sealingKey) => acceptSignInCodeRequest(em, SignInCodeRequested.decode(data), { sealingKey }),
    },
    options,
  );
}
