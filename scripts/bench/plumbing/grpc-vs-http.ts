import { randomBytes } from 'node:crypto';
import { Agent, get } from 'node:http';
import { credentials, Server, ServerCredentials, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js';
import { callerKeyFromRoot, createGrpcClient, createGrpcServer, status, verifiersFromRoot } from '@kassa/platform/grpc';
import type { Logger } from '@kassa/platform/logging';
import {
  type ListMessagesResponse,
  Message,
  NotificationsServiceClient,
  NotificationsServiceService,
} from '@kassa/proto/notifications/v1/notifications';
import Fastify from 'fastify';
import { compareInterleaved, type Call, type LoadResult, type LoadShape } from '../lib/closed-loop';

/** The same small record answered by both servers: protobuf over gRPC, JSON over HTTP/1.1. */
const message: Message = {
  id: 'msg_01jbench0000000000000000000',
  template: 'signin-code',
  recipient: 'j***@example.com',
  subject: 'Your sign-in code',
  status: 'delivered',
  history: [],
  createdAt: new Date('2026-01-01T00:00:00Z'),
  subjectRef: 'sic_01jbench0000000000000000000',
  organisationId: '',
  attachments: [],
  purpose: 'sign-in',
};

interface Target {
  call: Call;
  close(): Promise<void>;
}

/**
 * Platform gRPC (value) against bare fastify, then against bare grpc-js (baselines), same load shape, each pair
 * interleaved; every server closed after. The second pair is what the platform's own layer costs (credentials,
 * deadlines, logging, metrics, input checks) over the library it is built on.
 */
export async function compareGrpcWithBaselines(
  shape: LoadShape,
  callLogger: Logger,
): Promise<{ vsHttp: { grpc: LoadResult; http: LoadResult }; vsBareGrpc: { grpc: LoadResult; bare: LoadResult } }> {
  const targets: Target[] = [];
  try {
    const grpc = await startPlatformGrpc(callLogger);
    targets.push(grpc);
    const http = await startBareFastify(shape.concurrency);
    targets.push(http);
    const bare = await startBareGrpc();
    targets.push(bare);
    const first = await compareInterleaved(shape, grpc.call, http.call);
    const second = await compareInterleaved(shape, grpc.call, bare.call);
    return {
      vsHttp: { grpc: first.value, http: first.baseline },
      vsBareGrpc: { grpc: second.value, bare: second.baseline },
    };
  } finally {
    await Promise.all(targets.map((target) => target.close()));
  }
}

/**
 * The same service on grpc-js alone: ts-proto's generated client and service definition, default channel options,
 * no credential, deadline, log line, metric or input check.
 */
async function startBareGrpc(): Promise<Target> {
  const server = new Server();
  const refuse = (_call: unknown, callback: sendUnaryData<never>) =>
    callback({ code: status.UNIMPLEMENTED, details: 'Not implemented' });
  server.addService(NotificationsServiceService, {
    listMessages: (_call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<ListMessagesResponse>) =>
      callback(null, { messages: [message] }),
    listOrderMessages: refuse,
    resendOrderConfirmation: refuse,
    handleDeliveryEvent: refuse,
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  const client = new NotificationsServiceClient(`127.0.0.1:${port}`, credentials.createInsecure());
  return {
    call: () =>
      new Promise((resolve, reject) =>
        client.listMessages({ subjectRef: message.subjectRef }, (error, response) =>
          error ? reject(error) : resolve(response),
        ),
      ),
    async close() {
      client.close();
      await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
    },
  };
}

async function unimplemented(): Promise<never> {
  throw Object.assign(new Error('Not implemented in this benchmark'), {
    code: status.UNIMPLEMENTED,
    details: 'Not implemented',
  });
}

/**
 * NotificationsService.ListMessages through the platform's gRPC server and client (one HTTP/2 channel), each call
 * signed and checked with a caller key as in production.
 */
async function startPlatformGrpc(callLogger: Logger): Promise<Target> {
  const root = randomBytes(32);
  const server = createGrpcServer({
    logger: callLogger,
    port: 0,
    host: '127.0.0.1',
    callerVerifiers: verifiersFromRoot(root, 'notifications'),
  });
  server.add(NotificationsServiceService, {
    listMessages: async () => ({ messages: [message] }),
    // Only ListMessages is measured.
    listOrderMessages: unimplemented,
    resendOrderConfirmation: unimplemented,
    handleDeliveryEvent: unimplemented,
  });
  const port = await server.start();
  const client = createGrpcClient(NotificationsServiceClient, `127.0.0.1:${port}`, {
    callerKey: callerKeyFromRoot(root, 'bff'),
  });
  return {
    call: () => client.listMessages({ subjectRef: message.subjectRef }),
    async close() {
      client.close();
      await server.shutdown(1_000);
    },
  };
}

/** A bare fastify GET answering the same record as JSON, over keep-alive HTTP/1.1 (one socket per call in flight). */
async function startBareFastify(concurrency: number): Promise<Target> {
  const app = Fastify({ logger: false });
  const body = { messages: [Message.toJSON(message)] };
  app.get('/messages', async () => body);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  return {
    call: () => getJson(`http://127.0.0.1:${port}/messages`, agent),
    async close() {
      agent.destroy();
      await app.close();
    },
  };
}

/** Reads and parses the whole body, as the gRPC client decodes the whole response. */
function getJson(url: string, agent: Agent): Promise<unknown> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`GET ${url} answered ${response.statusCode}`));
        else resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      });
    }).on('error', reject);
  });
}
