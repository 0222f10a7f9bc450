import { OrganisationServiceService } from '@kassa/proto/identity/v1/organisations';
import { OrderServiceService } from '@kassa/proto/ordering/v1/orders';
import type { Workload } from './caller-credential';

// Who may call what. The BFF is the only public entry and the only workload that acts for users on its own account:
// it may call every method of every service, naming the signed-in user as the actor. A service calls another only
// for the few methods below; a call that forwards an actor passes on the actor of the call it is serving (the
// organiser whose request the BFF signed), so a service's key cannot start acting for a user anywhere else.

export interface ServiceCall {
  caller: Workload;
  method: string;
  /** The call names the actor of the call being served (an organiser's permissions, their organisation's currency). */
  forwardsActor: boolean;
}

/** Every service asks identity whether the organiser it is serving may do what they asked. */
const AUTHORIZERS: readonly Workload[] = ['catalog', 'ordering', 'payments', 'ticketing', 'notifications'];

/** Every call one service makes to another: one home, read by every gRPC server. */
export const SERVICE_CALLS: readonly ServiceCall[] = [
  ...AUTHORIZERS.map((caller) => ({ caller, method: OrganisationServiceService.authorize.path, forwardsActor: true })),
  { caller: 'payments', method: OrganisationServiceService.getOrganisation.path, forwardsActor: true },
  { caller: 'payments', method: OrderServiceService.getPayableOrder.path, forwardsActor: false },
];

/** The workload that acts for users and may call anything. */
export const PUBLIC_ENTRY: Workload = 'bff';

/** Whether `caller` may call `method`, naming an actor or not. */
export function callerMayCall(caller: Workload, method: string, namesActor: boolean): boolean {
  if (caller === PUBLIC_ENTRY) return true;
  return SERVICE_CALLS.some(
    (call) => call.caller === caller && call.method === method && (call.forwardsActor || !namesActor),
  );
}
