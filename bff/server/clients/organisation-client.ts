import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import { OrganisationServiceClient, type OrganisationServiceService } from '@kassa/proto/identity/v1/organisations';
import { type Acting, actingAs } from './acting-client';
import { readBffConfig, readCallerKey } from '../bff-config';

export type OrganisationClient = PromiseClient<OrganisationServiceService>;

// One channel per process; kept on globalThis so that dev-mode module reloads do not open a new one each time.
const holder = globalThis as typeof globalThis & { kassaOrganisationClient?: OrganisationClient };

/** identity's OrganisationService (served by the identity process, so at the identity address). */
export function organisationClient(): OrganisationClient {
  holder.kassaOrganisationClient ??= createGrpcClient(OrganisationServiceClient, readBffConfig().identityAddress, {
    callerKey: readCallerKey(),
    deadlineMs: 5000,
  });
  return holder.kassaOrganisationClient;
}

/** Acting for the signed-in user: `organisationClientAs(user.id).listMyOrganisations({})`. */
export function organisationClientAs(userId: string): Acting<OrganisationClient> {
  return actingAs(organisationClient(), userId);
}
