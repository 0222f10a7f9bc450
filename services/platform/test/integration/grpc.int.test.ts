import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { credentials, Metadata, status, type ClientReadableStream } from '@grpc/grpc-js';
import { HealthCheckResponse_ServingStatus as ServingStatus, HealthClient, type HealthCheckResponse } from '@kassa/proto/grpc/health/v1/health';
import { NotificationsServiceClient, NotificationsServiceService } from '@kassa/proto/notifications/v1/notifications';
import {
  ConflictError,
  FailedPreconditionError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitedError,
  UnauthenticatedError,
  ValidationError,
  messages,
} from '../../src/errors';
import { createGrpcClient, createGrpcServer, GrpcCallError, type CallContext, type GrpcServer } from '../../src/grpc';
import { createLogger } from '../../src/logging';
import { captureLogs } from '../fixtures/log-capture';

async function unimplemented(): Promise<never> {
  throw Object.assign(new Error('Not implemented in this test'), { code: status.UNIMPLEMENTED, details: 'Not implemented' });
}

const run = promisify(execFile);

// The test service's behaviour is chosen by the request's subjectRef.
const outcomes: Record<string, (ctx: CallContext) => Promise<never>> = {
  validation: async () => {
    throw new ValidationError([
      { field: 'subjectRef', message: messages.idInvalid },
      { field: 'email', message: messages.required('Email') },
    ]);
  },
  'not-found': async () => {
    throw new NotFoundError('Order not found');
  },
  unauthenticated: async () => {
    throw new UnauthenticatedError();
  },
  denied: async () => {
    throw new PermissionDeniedError();
  },
  conflict: async () => {
    throw new ConflictError('Slug is taken');
  },
  precondition: async () => {
    throw new FailedPreconditionError('Shop is closed');
  },
  'rate-limited': async () => {
    throw new RateLimitedError(42);
  },
  boom: async () => {
    throw new Error('database password is hunter2');
  },
  slow: (ctx) =>
    new Promise((_resolve, reject) => {
      ctx.signal.addEventListener('abort', () => reject(new Error('stopped')));
    }),
};

async function callError(promise: Promise<unknown>): Promise<GrpcCallError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GrpcCallError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('grpc server and client', () => {
  const logs = captureLogs();
  const logger = createLogger({ service: 'grpc-test', destination: logs.stream, level: 'debug' });
  let server: GrpcServer;
  let address: string;
  let client: ReturnType<typeof createGrpcClient<typeof NotificationsServiceService>>;
  const seenContexts: CallContext[] = [];

  beforeAll(async () => {
    server = createGrpcServer({ logger, port: 0, host: '127.0.0.1', ceilingMs: 400 });
    server.add(NotificationsServiceService, {
      async listMessages(request, ctx) {
        seenContexts.push(ctx);
        const outcome = outcomes[request.subjectRef];
        if (outcome) return outcome(ctx);
        return {
          messages: [
            {
              id: 'msg_01',
              template: 'signin-code',
              recipient: ctx.actor.userId ?? 'anonymous',
              subject: 'Your code',
              status: 'send',
              history: [],
              createdAt: new Date('2026-01-02T03:04:05Z'),
              subjectRef: request.subjectRef,
              organisationId: '',
              attachments: [],
              purpose: 'sign-in',
            },
          ],
        };
      },
      // Not under test: these cases need one method.
      listOrderMessages: unimplemented,
      resendOrderConfirmation: unimplemented,
      handleDeliveryEvent: unimplemented,
    });
    const port = await server.start();
    expect(port).toBeGreaterThan(0);
    address = `127.0.0.1:${port}`;
    client = createGrpcClient(NotificationsServiceClient, address, { actor: () => ({ userId: 'usr_default' }) });
  });

  afterAll(async () => {
    client.close();
    await server.shutdown(1000);
  });

  it('answers a call and passes the actor from metadata', async () => {
    const response = await client.listMessages({ subjectRef: 'ord_1' }, { actorUserId: 'usr_caller' });
    expect(response.messages).toHaveLength(1);
    expect(response.messages[0]!.recipient).toBe('usr_caller');
    expect(response.messages[0]!.createdAt).toEqual(new Date('2026-01-02T03:04:05Z'));
    const ctx = seenContexts.at(-1)!;
    expect(ctx.actor).toEqual({ userId: 'usr_caller' });
    expect(ctx.method).toBe('/kassa.notifications.v1.NotificationsService/ListMessages');
    // The client's default 5000 ms deadline arrives at the server.
    expect(ctx.deadline!.getTime() - Date.now()).toBeGreaterThan(3000);
    expect(ctx.deadline!.getTime() - Date.now()).toBeLessThanOrEqual(5000);
  });

  it('uses the actor function when the call names none, and sends no actor when there is none', async () => {
    const defaulted = await client.listMessages({ subjectRef: 'ord_2' });
    expect(defaulted.messages[0]!.recipient).toBe('usr_default');
    const anonymous = createGrpcClient(NotificationsServiceClient, address);
    try {
      const response = await anonymous.listMessages({ subjectRef: 'ord_3' });
      expect(response.messages[0]!.recipient).toBe('anonymous');
      expect(seenContexts.at(-1)!.actor).toEqual({});
    } finally {
      anonymous.close();
    }
  });

  it('logs every call with method, status and duration', async () => {
    await client.listMessages({ subjectRef: 'not-found' }).catch(() => undefined);
    const line = logs.lines.find((l) => l.msg === 'grpc call' && l.status === 'NOT_FOUND');
    expect(line).toMatchObject({ method: '/kassa.notifications.v1.NotificationsService/ListMessages', grpc_code: status.NOT_FOUND });
    expect(typeof line!.duration_ms).toBe('number');
  });

  it('maps ValidationError to INVALID_ARGUMENT with every violation in the kassa-validation-bin trailer', async () => {
    const error = await callError(client.listMessages({ subjectRef: 'validation' }));
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.details).toBe(messages.genericForm);
    expect(error.violations).toEqual([
      { field: 'subjectRef', message: 'ID is invalid' },
      { field: 'email', message: 'Email is required' },
    ]);
    expect(error.metadata.get('kassa-validation-bin')[0]).toBeInstanceOf(Buffer);
  });

  it.each([
    ['not-found', status.NOT_FOUND, 'Order not found'],
    ['unauthenticated', status.UNAUTHENTICATED, 'Not signed in'],
    ['denied', status.PERMISSION_DENIED, 'Permission denied'],
    ['conflict', status.ALREADY_EXISTS, 'Slug is taken'],
    ['precondition', status.FAILED_PRECONDITION, 'Shop is closed'],
  ])('maps %s to status %i', async (subjectRef, code, details) => {
    const error = await callError(client.listMessages({ subjectRef }));
    expect(error.code).toBe(code);
    expect(error.details).toBe(details);
    expect(error.violations).toEqual([]);
    expect(error.retryAfterSeconds).toBeUndefined();
  });

  it('maps RateLimitedError to RESOURCE_EXHAUSTED with a retry-after trailer', async () => {
    const error = await callError(client.listMessages({ subjectRef: 'rate-limited' }));
    expect(error.code).toBe(status.RESOURCE_EXHAUSTED);
    expect(error.retryAfterSeconds).toBe(42);
    expect(error.metadata.get('retry-after')).toEqual(['42']);
  });

  it('hides unexpected errors behind INTERNAL and logs them with their stack', async () => {
    const error = await callError(client.listMessages({ subjectRef: 'boom' }));
    expect(error.code).toBe(status.INTERNAL);
    expect(error.details).toBe('Internal error');
    expect(error.message).not.toContain('hunter2');
    const line = logs.lines.find((l) => l.msg === 'grpc call failed');
    expect(line).toMatchObject({ status: 'INTERNAL' });
    expect((line!.err as { stack: string }).stack).toContain('database password is hunter2');
  });

  it('fails with DEADLINE_EXCEEDED when the caller deadline passes', async () => {
    const started = Date.now();
    const error = await callError(client.listMessages({ subjectRef: 'slow' }, { deadlineMs: 150 }));
    expect(error.code).toBe(status.DEADLINE_EXCEEDED);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('enforces the server ceiling when the caller sent no deadline', async () => {
    const raw = new NotificationsServiceClient(address, credentials.createInsecure());
    try {
      const started = Date.now();
      const error = await new Promise<{ code: number }>((resolve) => {
        raw.listMessages({ subjectRef: 'slow' }, new Metadata(), {}, (err) => resolve(err!));
      });
      expect(error.code).toBe(status.DEADLINE_EXCEEDED);
      expect(Date.now() - started).toBeGreaterThanOrEqual(350);
      expect(seenContexts.at(-1)!.signal.aborted).toBe(true);
    } finally {
      raw.close();
    }
  });

  it('serves grpc.health.v1 Check and Watch, following setServing', async () => {
    const health = createGrpcClient(HealthClient, address);
    const raw = new HealthClient(address, credentials.createInsecure());
    let watch: ClientReadableStream<HealthCheckResponse> | undefined;
    try {
      expect(await health.check({ service: '' })).toEqual({ status: ServingStatus.SERVING });
      expect(await health.check({ service: 'kassa.notifications.v1.NotificationsService' })).toEqual({ status: ServingStatus.SERVING });
      expect((await callError(health.check({ service: 'kassa.nope.v1.Nope' }))).code).toBe(status.NOT_FOUND);

      const watched: ServingStatus[] = [];
      watch = raw.watch({ service: '' });
      const twoUpdates = new Promise<void>((resolve, reject) => {
        watch!.on('data', (update: HealthCheckResponse) => {
          watched.push(update.status);
          if (watched.length === 1) server.setServing(false);
          if (watched.length === 2) resolve();
        });
        watch!.on('error', (error: { code: number }) => {
          if (error.code !== status.CANCELLED) reject(error);
        });
      });
      await twoUpdates;
      expect(watched).toEqual([ServingStatus.SERVING, ServingStatus.NOT_SERVING]);
      expect(await health.check({ service: '' })).toEqual({ status: ServingStatus.NOT_SERVING });
    } finally {
      watch?.cancel();
      server.setServing(true);
      health.close();
      raw.close();
    }
    expect(logs.lines.some((l) => l.msg === 'grpc call' && String(l.method).startsWith('/grpc.health.v1.'))).toBe(false);
  });

  it('puts client and server spans of a call into one trace (real require hooks, child process under tsx)', async () => {
    const root = path.resolve(__dirname, '../../../..');
    const { stdout } = await run(path.join(root, 'node_modules/.bin/tsx'), [path.join(__dirname, '../fixtures/grpc-trace/main.ts')], {
      cwd: root,
      timeout: 30_000,
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '' },
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      spans: { name: string; kind: number; traceId: string; spanId: string; parentSpanId?: string }[];
      handlerLog: { trace_id?: string; span_id?: string };
    };
    const name = 'grpc.kassa.notifications.v1.NotificationsService/ListMessages';
    const clientSpan = result.spans.find((s) => s.name === name && s.kind === 2 /* CLIENT */);
    const serverSpan = result.spans.find((s) => s.name === name && s.kind === 1 /* SERVER */);
    expect(clientSpan).toBeDefined();
    expect(serverSpan).toBeDefined();
    expect(serverSpan!.traceId).toBe(clientSpan!.traceId);
    expect(serverSpan!.parentSpanId).toBe(clientSpan!.spanId);
    // The handler's log line carries the server span's ids.
    expect(result.handlerLog).toMatchObject({ trace_id: serverSpan!.traceId, span_id: serverSpan!.spanId });
  }, 40_000);
});
