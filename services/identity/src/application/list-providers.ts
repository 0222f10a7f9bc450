import type { ListProvidersResponse } from '@kassa/proto/identity/v1/social_sign_in';
import type { SocialSignInContext } from './social-sign-in-context';

/** The buttons to show; the BFF hides social sign-in when the list is empty. */
export function listProviders(ctx: SocialSignInContext): ListProvidersResponse {
  return { providers: ctx.providers.list().map(({ id, name }) => ({ id, name })) };
}
