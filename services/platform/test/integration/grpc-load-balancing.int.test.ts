import { NotificationsServiceClient, NotificationsServiceService } from '@kassa/proto/notifications/v1/notifications';
import { type AddressInfo, createServer } from 'node:net';
import { connectivityState, status } from '@grpc/grpc-js';
import {
  createGrpcClient,
  createGrpcServer,
  endpointStates,
  type GrpcClientOptions,
  type GrpcServer,
} from '../../src/grpc';

import { createLogger } from '../../src/logging';
import { testCallerKey, testCallerVerifiers } from '../../src/testing/caller-key';
import { freePorts } from '../../src/testing/free-port';

// Two real servers on loopback stand for two replicas of a service, as `npm run up` runs them with REPLICAS=2.
const logger = createLogger({ service: 'grpc-lb-test', level: 'silent' });

async function unimplemented(): Promise<never> {
  throw new Error('not used by this test');
}

/** A replica that answers with its own name, so the caller can tell who served each call. */
async function startReplica(name: string): Promise<{ server: GrpcServer; port: number }> {
  const server = createGrpcServer({
    logger,
    port: 0,
    host: '127.0.0.1',
    callerVerifiers: testCallerVerifiers('notifications'),
  });
  server.add(NotificationsServiceService, {
    async listMessages() {
      return {
        messages: [
          {
            id: name,
            template: '',
            recipient: '',
            subject: '',
            status: 'send',
            history: [],
            createdAt: new Date(0),
            subjectRef: '',
            organisationId: '',
            attachments: [],
            purpose: '',
          },
        ],
      };
    },
    listOrderMessages: unimplemented,
    resendOrderConfirmation: unimplemented,
    handleDeliveryEvent: unimplemented,
  });
  return { server, port: await server.start() };
}

describe('a client of several replicas', () => {
  const replicas: { server: GrpcServer; port: number }[] = [];

  beforeAll(async () => {
    replicas.push(await startReplica('replica-a'), await startReplica('replica-b'));
  });

  afterAll(async () => {
    await Promise.all(replicas.map(({ server }) => server.shutdown(0)));
  });

  async function servedBy(address: string, calls: number, channelOptions = {}): Promise<Record<string, number>> {
    const client = createGrpcClient(NotificationsServiceClient, address, { callerKey: testCallerKey, channelOptions });
    try {
      const counts: Record<string, number> = {};
      for (let i = 0; i < calls; i++) {
        const { messages } = await client.listMessages({ subjectRef: '' });
        const name = messages[0]!.id;
        counts[name] = (counts[name] ?? 0) + 1;
      }
      return counts;
    } finally {
      client.close();
    }
  }

  it('spreads calls round-robin over every replica of a comma-separated address', async () => {
    const address = replicas.map(({ port }) => `127.0.0.1:${port}`).join(',');
    const counts = await servedBy(address, 40);
    expect(counts).toEqual({ 'replica-a': 20, 'replica-b': 20 });
  });

  /** Who served each of `calls` calls sent all at once, the moment the client is made (a new pod's first burst). */
  async function burstServedBy(
    address: string,
    calls: number,
    options: Partial<GrpcClientOptions> = {},
  ): Promise<Record<string, number>> {
    const client = createGrpcClient(NotificationsServiceClient, address, { callerKey: testCallerKey, ...options });
    try {
      return countNames(
        await Promise.all(Array.from({ length: calls }, () => client.listMessages({ subjectRef: '' }))),
      );
    } finally {
      client.close();
    }
  }

  function countNames(answers: { messages: { id: string }[] }[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const { messages } of answers) counts[messages[0]!.id] = (counts[messages[0]!.id] ?? 0) + 1;
    return counts;
  }

  it("spreads a new client's first burst of calls, sent while it is still connecting, over every replica", async () => {
    const address = replicas.map(({ port }) => `127.0.0.1:${port}`).join(',');
    for (let round = 0; round < 5; round++)
      expect(await burstServedBy(address, 20)).toEqual({ 'replica-a': 10, 'replica-b': 10 });
  });

  it('control: without holding the first calls, the whole burst goes to the replica that connected first', async () => {
    const address = replicas.map(({ port }) => `127.0.0.1:${port}`).join(',');
    for (let round = 0; round < 5; round++)
      expect(Object.values(await burstServedBy(address, 20, { firstConnectWaitMs: 0 }))).toEqual([20]);
  });

  it('spreads the first burst after the channel went idle too', async () => {
    const address = replicas.map(({ port }) => `127.0.0.1:${port}`).join(',');
    // grpc-js's shortest idle timeout is 1 s. A subchannel pool of its own, so that no other client here keeps the
    // connections alive. (grpc-js may reuse a connection the idle channel left; where it connects anew, the client
    // holds the burst as it does for a new channel.)
    const client = createGrpcClient(NotificationsServiceClient, address, {
      callerKey: testCallerKey,
      channelOptions: { 'grpc.client_idle_timeout_ms': 1_000, 'grpc.use_local_subchannel_pool': 1 },
    });
    try {
      await client.listMessages({ subjectRef: '' });
      const channel = client.raw.getChannel();
      await new Promise<void>((resolve) => {
        const watch = () => {
          if (channel.getConnectivityState(false) === connectivityState.IDLE) return resolve();
          channel.watchConnectivityState(channel.getConnectivityState(false), Date.now() + 10_000, watch);
        };
        watch();
      });
      expect(await endpointStates(client.raw)).toEqual([]);
      expect(
        countNames(await Promise.all(Array.from({ length: 20 }, () => client.listMessages({ subjectRef: '' })))),
      ).toEqual({ 'replica-a': 10, 'replica-b': 10 });
    } finally {
      client.close();
    }
  });

  it('does not hold calls when every replica is down: they fail at once, as without the hold', async () => {
    const closed = (await freePorts(2)).map((port) => `127.0.0.1:${port}`).join(',');
    const client = createGrpcClient(NotificationsServiceClient, closed, {
      callerKey: testCallerKey,
      firstConnectWaitMs: 20_000,
      deadlineMs: 30_000,
    });
    try {
      const started = Date.now();
      await expect(client.listMessages({ subjectRef: '' })).rejects.toMatchObject({ code: status.UNAVAILABLE });
      // Far below the 20 s hold: refused connections settle it.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      client.close();
    }
  });

  it('holds a call no longer than its own deadline allows', async () => {
    // A replica that accepts the connection but never speaks HTTP/2: its connection stays CONNECTING (grpc-js waits
    // 20 s for it), so only the call's deadline can end the hold.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    const client = createGrpcClient(
      NotificationsServiceClient,
      `127.0.0.1:${replicas[0]!.port},127.0.0.1:${silentPort}`,
      {
        callerKey: testCallerKey,
        firstConnectWaitMs: 20_000,
      },
    );
    try {
      const { messages } = await client.listMessages({ subjectRef: '' }, { deadlineMs: 3_000 });
      expect(messages[0]!.id).toBe('replica-a');
    } finally {
      client.close();
      silent.close();
    }
  });

  it('tells the state of its connection to each replica', async () => {
    const address = replicas.map(({ port }) => `127.0.0.1:${port}`).join(',');
    const client = createGrpcClient(NotificationsServiceClient, address, { callerKey: testCallerKey });
    try {
      await client.listMessages({ subjectRef: '' });
      expect(await endpointStates(client.raw)).toEqual(['READY', 'READY']);
    } finally {
      client.close();
    }
  });

  it("control: with grpc-js's default policy (pick_first) every call goes to one replica", async () => {
    const address = replicas.map(({ port }) => `127.0.0.1:${port}`).join(',');
    const pickFirst = { 'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ pick_first: {} }] }) };
    expect(Object.keys(await servedBy(address, 40, pickFirst))).toHaveLength(1);
  });

  it('keeps serving from the other replica while one is down', async () => {
    const address = replicas.map(({ port }) => `127.0.0.1:${port}`).join(',');
    const client = createGrpcClient(NotificationsServiceClient, address, { callerKey: testCallerKey });
    try {
      await client.listMessages({ subjectRef: '' });
      await replicas[1]!.server.shutdown(0);
      const served = new Set<string>();
      for (let i = 0; i < 10; i++) served.add((await client.listMessages({ subjectRef: '' })).messages[0]!.id);
      expect([...served]).toEqual(['replica-a']);
    } finally {
      client.close();
    }
  });
});
