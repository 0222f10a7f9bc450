import { createOrganisationAuthorizer, type OrganisationAuthorizer } from '@kassa/platform/authorization';
import { type CallerKey, createGrpcClient } from '@kassa/platform/grpc';
import { OrganisationServiceClient } from '@kassa/proto/identity/v1/organisations';
import type { OrganisationDirectory } from '../application/payments-context';

/** One client of identity's OrganisationService: Authorize for every organiser call, and the organisation's currency. */
export function createIdentityPorts(
  address: string,
  callerKey: CallerKey,
  deadlineMs = 5_000,
): { authorizer: OrganisationAuthorizer; organisations: OrganisationDirectory; close(): void } {
  const client = createGrpcClient(OrganisationServiceClient, address, { callerKey, deadlineMs });
  return {
    authorizer: createOrganisationAuthorizer(client),
    organisations: {
      async currencyOf(actorUserId, organisationId) {
        const answer = await client.getOrganisation({ organisationId }, { actorUserId });
        return answer.organisation?.organisation?.currency ?? '';
      },
    },
    close: () => client.close(),
  };
}
