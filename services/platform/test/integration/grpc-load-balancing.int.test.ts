import { NotificationsServiceClient, NotificationsServiceService } from '@kassa/proto/notifications/v1/notifications';
import { createGrpcClient, createGrpcServer, type GrpcServer } from '../../src/grpc';
import { createLogger } from '../../src/logging';
import { testCallerKey } from '../../src/testing/caller-key';

// Two real servers on loopback stand for two replicas of a service, as `npm run up` runs them with REPLICAS=2.
const logger = createLogger({ service: 'grpc-lb-test', level: 'silent' });

async function unimplemented(): Promise<never> {
  throw new Error('not used by this test');
}

/** A replica that answers with its own name, so the caller can tell who served each call. */
async function startReplica(name: string): Promise<{ server: GrpcServer; port: number }> {
  const server = createGrpcServer({ logger, port: 0, host: '127.0.0.1', callerKeys: [testCallerKey] });
  server.add(NotificationsServiceService, {
    async listMessages() {
      return {
        messages: [
          {
            id: name, template: '', recipient: '', subject: '', status: 'send', history: [], createdAt: new Date(0),
            subjectRef: '', organisationId: '', attachments: [], purpose: '',
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
    // The first calls may all go to whichever replica connected first; after that they alternate.
    expect(Object.keys(counts).sort()).toEqual(['replica-a', 'replica-b']);
    expect(Math.min(counts['replica-a']!, counts['replica-b']!)).toBeGreaterThanOrEqual(15);
  });

  it('control: with grpc-js\'s default policy (pick_first) every call goes to one replica', async () => {
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

