import type { AsyncHandlers } from '@kassa/platform/grpc';
import { IdentityServiceService } from '@kassa/proto/identity/v1/identity';
import { endOtherSessions } from '../application/end-other-sessions';
import { endSession } from '../application/end-session';
import { endSessionById } from '../application/end-session-by-id';
import { getSession } from '../application/get-session';
import type { IdentityContext } from '../application/identity-context';
import { listSessions } from '../application/list-sessions';
import { requestSignInCode } from '../application/request-sign-in-code';
import { updateProfile } from '../application/update-profile';
import { verifySignInCode } from '../application/verify-sign-in-code';

export const identityService = IdentityServiceService;

/** Maps the gRPC surface onto the use cases; errors are mapped to statuses by the platform server. */
export function identityHandlers(ctx: IdentityContext): AsyncHandlers<typeof IdentityServiceService> {
  return {
    requestSignInCode: (request) => requestSignInCode(ctx, request),
    verifySignInCode: (request) => verifySignInCode(ctx, request),
    getSession: (request) => getSession(ctx, request),
    endSession: (request) => endSession(ctx, request),
    updateProfile: (request) => updateProfile(ctx, request),
    listSessions: (request) => listSessions(ctx, request),
    endOtherSessions: (request) => endOtherSessions(ctx, request),
    endSessionById: (request) => endSessionById(ctx, request),
  };
}
