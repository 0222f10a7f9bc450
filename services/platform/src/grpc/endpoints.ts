import { connectivityState, getChannelzHandlers, type Client } from '@grpc/grpc-js';
import { observeGauges } from '../metrics/instruments';

/** The connectivity states grpc-js reports for a channel's connection to one address (one replica). */
export const ENDPOINT_STATES = ['IDLE', 'CONNECTING', 'READY', 'TRANSIENT_FAILURE', 'SHUTDOWN'] as const;
export type EndpointState = (typeof ENDPOINT_STATES)[number];

type ChannelzCall<Request, Response> = (
  call: { request: Request },
  callback: (error: Error | null, response?: Response) => void,
) => void;

function ask<Request, Response>(handler: ChannelzCall<Request, Response>, request: Request): Promise<Response> {
  return new Promise((resolve, reject) =>
    handler({ request }, (error, response) =>
      error || !response ? reject(error ?? new Error('no answer')) : resolve(response),
    ),
  );
}

/**
 * The state of the connection to each address a client's channel knows (one per replica, once its target is
 * resolved), read from grpc-js's channelz registry: grpc-js reports only the channel's overall state, which is READY
 * as soon as ONE replica is. Undefined when channelz is switched off for the channel.
 */
export async function endpointStates(client: Client): Promise<EndpointState[] | undefined> {
  const handlers = getChannelzHandlers();
  const getChannel = handlers.GetChannel as unknown as ChannelzCall<
    { channel_id: number },
    { channel: { subchannel_ref: { subchannel_id: string | number }[] } }
  >;
  const getSubchannel = handlers.GetSubchannel as unknown as ChannelzCall<
    { subchannel_id: string | number },
    { subchannel: { data: { state: { state: EndpointState } } } }
  >;
  let refs: { subchannel_id: string | number }[];
  try {
    refs = (await ask(getChannel, { channel_id: client.getChannel().getChannelzRef().id })).channel.subchannel_ref;
  } catch {
    return undefined;
  }
  const states = await Promise.all(
    refs.map((ref) =>
      ask(getSubchannel, { subchannel_id: ref.subchannel_id }).then(
        ({ subchannel }) => subchannel.data.state.state,
        () => 'SHUTDOWN' as const,
      ),
    ),
  );
  return states;
}

/**
 * True once every replica has had its first chance: each connection is up or has failed, none is still on its way.
 * (All of them failed is settled too: the calls then fail at once, as they would without waiting.)
 */
export function connectionsSettled(states: readonly EndpointState[]): boolean {
  return (
    states.length > 0 &&
    states.every((state) => state === 'READY' || state === 'TRANSIENT_FAILURE' || state === 'SHUTDOWN')
  );
}

const SETTLE_POLL_MS = 5;

/**
 * Starts the channel connecting to every replica and resolves when they have all connected (or failed), or after
 * waitMs at the latest. round_robin picks only among READY connections, so calls sent while a channel is still
 * connecting would all go to whichever replica answered first: a new client's first burst, or the first calls after
 * the channel went idle, would land on one replica.
 */
export async function settleConnections(client: Client, waitMs: number): Promise<void> {
  const until = Date.now() + waitMs;
  try {
    const channel = client.getChannel();
    channel.getConnectivityState(true);
    while (Date.now() < until) {
      // TRANSIENT_FAILURE: nothing up and nothing connecting, or no address at all (a headless Service without a
      // ready pod): holding the calls would only make them fail later.
      if (channel.getConnectivityState(false) === connectivityState.TRANSIENT_FAILURE) return;
      const states = await endpointStates(client);
      if (states === undefined || connectionsSettled(states)) return;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS).unref());
    }
  } catch {
    // A channel closed meanwhile: its calls fail on their own.
  }
}

const ENDPOINT_GAUGES = {
  endpoints: {
    name: 'kassa.rpc.client.endpoints',
    description: 'Connections of a gRPC client to the replicas of a service, by state (READY: taking calls)',
  },
};

/**
 * Exports `kassa_rpc_client_endpoints{rpc_service, state}` for one client while it is open: after a scale-up an
 * operator sees each caller's READY count grow to the number of replicas. Returns the function that stops it.
 */
export function observeEndpoints(client: Client, rpcService: string): () => void {
  return observeGauges(ENDPOINT_GAUGES, async (record) => {
    const states = (await endpointStates(client)) ?? [];
    for (const state of ENDPOINT_STATES)
      record('endpoints', states.filter((s) => s === state).length, { rpc_service: rpcService, state });
  });
}
