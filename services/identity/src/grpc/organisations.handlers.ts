import type { AsyncHandlers } from '@kassa/platform/grpc';
import { OrganisationServiceService } from '@kassa/proto/identity/v1/organisations';
import { acceptInvitation } from '../application/accept-invitation';
import { authorize } from '../application/authorize';
import { createOrganisation } from '../application/create-organisation';
import { getInvitation } from '../application/get-invitation';
import { getOrganisation } from '../application/get-organisation';
import type { IdentityContext } from '../application/identity-context';
import { inviteMember } from '../application/invite-member';
import { listMembers } from '../application/list-members';
import { listMyOrganisations } from '../application/list-my-organisations';
import { listPermissionPresets } from '../application/list-permission-presets';
import { removeMember } from '../application/remove-member';
import { revokeInvitation } from '../application/revoke-invitation';
import { updateMember } from '../application/update-member';
import { updateOrganisation } from '../application/update-organisation';

export const organisationService = OrganisationServiceService;

/** Every call but Authorize acts for the actor the BFF names in the call's metadata. */
export function organisationHandlers(ctx: IdentityContext): AsyncHandlers<typeof OrganisationServiceService> {
  return {
    createOrganisation: (request, call) => createOrganisation(ctx, request, call.actor),
    listMyOrganisations: (_request, call) => listMyOrganisations(ctx, call.actor),
    getOrganisation: (request, call) => getOrganisation(ctx, request, call.actor),
    updateOrganisation: (request, call) => updateOrganisation(ctx, request, call.actor),
    listMembers: (request, call) => listMembers(ctx, request, call.actor),
    inviteMember: (request, call) => inviteMember(ctx, request, call.actor),
    revokeInvitation: (request, call) => revokeInvitation(ctx, request, call.actor),
    getInvitation: (request, call) => getInvitation(ctx, request, call.actor),
    acceptInvitation: (request, call) => acceptInvitation(ctx, request, call.actor),
    updateMember: (request, call) => updateMember(ctx, request, call.actor),
    removeMember: (request, call) => removeMember(ctx, request, call.actor),
    authorize: (request) => authorize(ctx, request),
    listPermissionPresets: async (_request, call) => listPermissionPresets(call.actor),
  };
}
