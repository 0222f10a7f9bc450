import type { AsyncHandlers } from '@kassa/platform/grpc';
import { SocialSignInServiceService } from '@kassa/proto/identity/v1/social_sign_in';
import { completeSocialSignIn } from '../application/complete-social-sign-in';
import { listProviders } from '../application/list-providers';
import type { SocialSignInContext } from '../application/social-sign-in-context';
import { startSocialSignIn } from '../application/start-social-sign-in';

export const socialSignInService = SocialSignInServiceService;

export function socialSignInHandlers(ctx: SocialSignInContext): AsyncHandlers<typeof SocialSignInServiceService> {
  return {
    listProviders: async () => listProviders(ctx),
    startSocialSignIn: (request) => startSocialSignIn(ctx, request),
    completeSocialSignIn: (request) => completeSocialSignIn(ctx, request),
  };
}
