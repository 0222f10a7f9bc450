import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { credentials, makeGenericClientConstructor, Metadata, status, type ClientReadableStream } from '@grpc/grpc-js';
import {
  HealthCheckResponse_ServingStatus as ServingStatus,
  HealthClient,
  type HealthCheckResponse,
} from '@kassa/proto/grpc/health/v1/health';
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
import {
  CALLER_HEADER,
  type CallerKey,
  createGrpcClient,
  createGrpcServer,
  GrpcCallError,
  pairKey,
  requestDigest,
  signCall,
  type CallContext,
  type GrpcServer,
  type Workload,
} from '../../src/grpc';
import { createLogger } from '../../src/logging';
import { captureLogs } from '../../src/testing/log-capture';

async function unimplemented(): Promise<never> {
  throw Object.assign(new Error('Not implemented in this test'), {
    code: status.UNIMPLEMENTED,
    details: 'Not implemented',
  });
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
  'many-violations': async () => {
    throw new ValidationError(
      Array.from({ length: 5_000 }, (_, index) => ({
        field: `lines.${index}.quantity`,
        message: messages.minValue(1),
      })),
    );
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

const callerKey: CallerKey = { workload: 'bff', secret: randomBytes(32) };
// The key a rotation replaces: the server still accepts it.
const previousCallerKey: CallerKey = { workload: 'bff', secret: randomBytes(32) };
/** A service's own key: the server accepts it as that service, which may call ListMessages for no one (SERVICE_CALLS). */
const ticketingKey: CallerKey = { workload: 'ticketing', secret: randomBytes(32) };
const LIST_MESSAGES = '/kassa.notifications.v1.NotificationsService/ListMessages';
/** The digest of ListMessages({ subjectRef }) as grpc-js encodes it: what a hand-made credential binds the body by. */
const bodyOf = (subjectRef: string) =>
  requestDigest(NotificationsServiceService.listMessages.requestSerialize({ subjectRef }));

describe('grpc server and client', () => {
  const logs = captureLogs();
  const logger = createLogger({ service: 'grpc-test', destination: logs.stream, level: 'debug' });
  let server: GrpcServer;
  let address: string;
  let client: ReturnType<typeof createGrpcClient<typeof NotificationsServiceService>>;
  const seenContexts: CallContext[] = [];

  beforeAll(async () => {
    server = createGrpcServer({
      logger,
      port: 0,
      host: '127.0.0.1',
      ceilingMs: 400,
      slowCallMs: 150,
      callerVerifiers: new Map<Workload, Buffer[]>([
        ['bff', [pairKey(callerKey.secret, 'notifications'), pairKey(previousCallerKey.secret, 'notifications')]],
        ['ticketing', [pairKey(ticketingKey.secret, 'notifications')]],
      ]),
    });
    server.add(NotificationsServiceService, {
      async listMessages(request, ctx) {
        seenContexts.push(ctx);
        const outcome = outcomes[request.subjectRef];
        if (outcome) return outcome(ctx);
        // Answered OK after the server's slowCallMs.
        if (request.subjectRef === 'late') await new Promise((resolve) => setTimeout(resolve, 200));
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
    client = createGrpcClient(NotificationsServiceClient, address, {
      callerKey,
      actor: () => ({ userId: 'usr_default' }),
    });
  });

  afterAll(async () => {
    client.close();
    await server.shutdown(1000);
  });

  it('answers a call and passes the actor from metadata', async () => {
    const sent = Date.now();
    const response = await client.listMessages({ subjectRef: 'ord_1' }, { actorUserId: 'usr_caller' });
    const answered = Date.now();
    expect(response.messages).toHaveLength(1);
    expect(response.messages[0]!.recipient).toBe('usr_caller');
    expect(response.messages[0]!.createdAt).toEqual(new Date('2026-01-02T03:04:05Z'));
    const ctx = seenContexts.at(-1)!;
    expect(ctx.actor).toEqual({ userId: 'usr_caller' });
    expect(ctx.method).toBe('/kassa.notifications.v1.NotificationsService/ListMessages');
    // The client's default 5000 ms deadline arrives at the server (as a timeout, counted again from the moment the
    // server read it): within the call's own time of 5 s after it was sent, however slow the machine.
    expect(ctx.deadline!.getTime() - sent).toBeGreaterThanOrEqual(4900);
    expect(ctx.deadline!.getTime() - sent).toBeLessThanOrEqual(5000 + (answered - sent));
  });

  it('uses the actor function when the call names none, and sends no actor when there is none', async () => {
    const defaulted = await client.listMessages({ subjectRef: 'ord_2' });
    expect(defaulted.messages[0]!.recipient).toBe('usr_default');
    const anonymous = createGrpcClient(NotificationsServiceClient, address, { callerKey });
    try {
      const response = await anonymous.listMessages({ subjectRef: 'ord_3' });
      expect(response.messages[0]!.recipient).toBe('anonymous');
      expect(seenContexts.at(-1)!.actor).toEqual({});
    } finally {
      anonymous.close();
    }
  });

  it('logs every call with method, status and duration: at info when not OK or slow, at debug when OK in time', async () => {
    const callLines = () =>
      logs.lines.filter((l) => String(l.msg).startsWith('grpc call') && l.method === LIST_MESSAGES);
    const before = callLines().length;
    await client.listMessages({ subjectRef: 'not-found' }).catch(() => undefined);
    await client.listMessages({ subjectRef: 'quick' });
    await client.listMessages({ subjectRef: 'late' });
    const [notFound, quick, late] = callLines().slice(before);
    expect(notFound).toMatchObject({
      msg: 'grpc call',
      level: 'info',
      status: 'NOT_FOUND',
      grpc_code: status.NOT_FOUND,
    });
    expect(quick).toMatchObject({ msg: 'grpc call', level: 'debug', status: 'OK', grpc_code: status.OK });
    expect(late).toMatchObject({ msg: 'grpc call slow', level: 'info', status: 'OK' });
    expect(late!.duration_ms).toBeGreaterThanOrEqual(150);
    for (const line of [notFound, quick, late]) expect(typeof line!.duration_ms).toBe('number');
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

  it('sends only the first violations that fit a trailer, so that thousands of them do not break the connection', async () => {
    const error = await callError(client.listMessages({ subjectRef: 'many-violations' }));
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.violations.length).toBeGreaterThan(10);
    expect(error.violations.length).toBeLessThan(5_000);
    expect(error.violations[0]).toEqual({ field: 'lines.0.quantity', message: 'Minimum value is 1' });
    // The same connection still answers.
    expect((await client.listMessages({ subjectRef: 'ok' })).messages).toHaveLength(1);
  });

  it('refuses a control character in any string field with INVALID_ARGUMENT before the handler runs; tab and new lines pass', async () => {
    const before = seenContexts.length;
    for (const subjectRef of ['ok\u0000', 'a\u0007b', '\u001b[31m', 'x\u007f']) {
      const error = await callError(client.listMessages({ subjectRef }));
      expect([error.code, error.violations]).toEqual([
        status.INVALID_ARGUMENT,
        [{ field: 'subjectRef', message: 'Subject ref is invalid' }],
      ]);
    }
    expect(seenContexts.length).toBe(before);
    // The control: the same calls without the characters reach the handler.
    for (const subjectRef of ['ok', 'line one\nline two\r\n\tend'])
      expect((await client.listMessages({ subjectRef })).messages[0]!.subjectRef).toBe(subjectRef);
    expect(seenContexts.length).toBe(before + 2);
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

  it("refuses request bytes that are no message of the method with INVALID_ARGUMENT, not grpc-js's INTERNAL", async () => {
    const identity = (bytes: Buffer) => bytes;
    const Raw = makeGenericClientConstructor(
      {
        listMessages: {
          path: LIST_MESSAGES,
          requestStream: false,
          responseStream: false,
          requestSerialize: identity,
          requestDeserialize: identity,
          responseSerialize: identity,
          responseDeserialize: identity,
        },
      },
      'Raw',
    );
    const raw = new Raw(address, credentials.createInsecure());
    try {
      // A length-delimited field longer than the message: the generated decoder throws "premature EOF".
      const answer = await new Promise<{ code: number; details: string; metadata: Metadata }>((resolve) => {
        const metadata = new Metadata();
        metadata.set(
          CALLER_HEADER,
          signCall(callerKey, LIST_MESSAGES, undefined, requestDigest(Buffer.from([0x0a, 0x7f, 0x41]))),
        );
        (
          raw as unknown as {
            listMessages: (
              b: Buffer,
              m: Metadata,
              cb: (e: { code: number; details: string; metadata: Metadata } | null) => void,
            ) => void;
          }
        ).listMessages(Buffer.from([0x0a, 0x7f, 0x41]), metadata, (error) =>
          resolve(error ?? { code: 0, details: '', metadata: new Metadata() }),
        );
      });
      expect(answer.code).toBe(status.INVALID_ARGUMENT);
      expect(answer.details).toBe(messages.genericForm);
      expect(answer.metadata.get('kassa-validation-bin')).toHaveLength(1);
    } finally {
      raw.close();
    }
  });

  it('fails with DEADLINE_EXCEEDED when the caller deadline passes', async () => {
    const started = Date.now();
    const error = await callError(client.listMessages({ subjectRef: 'slow' }, { deadlineMs: 150 }));
    expect(error.code).toBe(status.DEADLINE_EXCEEDED);
    // Ended by the caller's deadline, long before the server's 30 s ceiling would have.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('enforces the server ceiling when the caller sent no deadline', async () => {
    const raw = new NotificationsServiceClient(address, credentials.createInsecure());
    try {
      const started = Date.now();
      const metadata = new Metadata();
      metadata.set(CALLER_HEADER, signCall(callerKey, LIST_MESSAGES, undefined, bodyOf('slow')));
      const error = await new Promise<{ code: number }>((resolve) => {
        raw.listMessages({ subjectRef: 'slow' }, metadata, {}, (err) => resolve(err!));
      });
      expect(error.code).toBe(status.DEADLINE_EXCEEDED);
      expect(Date.now() - started).toBeGreaterThanOrEqual(350);
      expect(seenContexts.at(-1)!.signal.aborted).toBe(true);
    } finally {
      raw.close();
    }
  });

  it('serves grpc.health.v1 Check and Watch, following setServing', async () => {
    const health = createGrpcClient(HealthClient, address, { callerKey });
    const raw = new HealthClient(address, credentials.createInsecure());
    let watch: ClientReadableStream<HealthCheckResponse> | undefined;
    try {
      expect(await health.check({ service: '' })).toEqual({ status: ServingStatus.SERVING });
      expect(await health.check({ service: 'kassa.notifications.v1.NotificationsService' })).toEqual({
        status: ServingStatus.SERVING,
      });
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
    expect(logs.lines.some((l) => l.msg === 'grpc call' && String(l.method).startsWith('/grpc.health.v1.'))).toBe(
      false,
    );
  });

  describe('caller credential', () => {
    const REFUSED = { code: status.UNAUTHENTICATED, details: 'The call carries no valid caller credential.' };
    const refusals = () =>
      logs.lines.filter((line) => line.msg === 'grpc call refused: no valid caller credential for this call');

    function metadataOf(headers: Record<string, string | string[]>): Metadata {
      const metadata = new Metadata();
      for (const [key, values] of Object.entries(headers))
        for (const value of [values].flat()) metadata.add(key, value);
      return metadata;
    }

    /** ListMessages made by hand: the metadata exactly as given, nothing signed or added. */
    async function rawCall(metadata: Metadata): Promise<{ code: number; details: string } | 'answered'> {
      const raw = new NotificationsServiceClient(address, credentials.createInsecure());
      try {
        return await new Promise((resolve) => {
          raw.listMessages({ subjectRef: 'ord_raw' }, metadata, { deadline: Date.now() + 5_000 }, (error) =>
            resolve(error ? { code: error.code, details: error.details } : 'answered'),
          );
        });
      } finally {
        raw.close();
      }
    }

    it('refuses a call without a credential with UNAUTHENTICATED, before the handler runs, with or without an actor', async () => {
      const before = seenContexts.length;
      expect(await rawCall(metadataOf({ 'kassa-actor-user-id': 'usr_claimed' }))).toEqual(REFUSED);
      expect(await rawCall(new Metadata())).toEqual(REFUSED);
      expect(seenContexts).toHaveLength(before);
      expect(refusals().slice(-2)).toEqual([
        expect.objectContaining({
          level: 'warn',
          method: LIST_MESSAGES,
          reason: 'missing',
          grpc_code: status.UNAUTHENTICATED,
        }),
        expect.objectContaining({ method: LIST_MESSAGES, reason: 'missing' }),
      ]);
      expect(typeof refusals().at(-1)!.peer).toBe('string');
    });

    it('refuses a credential made for another actor, or for none, and logs the reason without the credential', async () => {
      const before = seenContexts.length;
      const forX = signCall(callerKey, LIST_MESSAGES, 'usr_x', bodyOf('ord_raw'));
      expect(await rawCall(metadataOf({ 'kassa-actor-user-id': 'usr_y', [CALLER_HEADER]: forX }))).toEqual(REFUSED);
      // An anonymous call's credential cannot be given an actor afterwards.
      const anonymous = signCall(callerKey, LIST_MESSAGES, undefined, bodyOf('ord_raw'));
      expect(await rawCall(metadataOf({ 'kassa-actor-user-id': 'usr_y', [CALLER_HEADER]: anonymous }))).toEqual(
        REFUSED,
      );
      // Nor can an actor's credential be used without the actor.
      expect(await rawCall(metadataOf({ [CALLER_HEADER]: forX }))).toEqual(REFUSED);
      expect(seenContexts).toHaveLength(before);
      expect(
        refusals()
          .slice(-3)
          .map((line) => line.reason),
      ).toEqual(['invalid', 'invalid', 'invalid']);
      const logged = JSON.stringify(logs.lines);
      expect(logged).not.toContain(forX.split('.')[3]);
      expect(logged).not.toContain(anonymous.split('.')[3]);
      // The same credential with its own actor is good: the refusals above were about the actor alone.
      expect(await rawCall(metadataOf({ 'kassa-actor-user-id': 'usr_x', [CALLER_HEADER]: forX }))).toBe('answered');
      expect(seenContexts.at(-1)!.actor).toEqual({ userId: 'usr_x' });
    });

    it('refuses a credential made for another request body (the call is bound to its bytes)', async () => {
      const forOther = signCall(callerKey, LIST_MESSAGES, 'usr_x', bodyOf('ord_other'));
      expect(await rawCall(metadataOf({ 'kassa-actor-user-id': 'usr_x', [CALLER_HEADER]: forOther }))).toEqual(REFUSED);
      expect(refusals().at(-1)).toMatchObject({ reason: 'invalid' });
    });

    it("refuses a service's own genuine key for a call SERVICE_CALLS does not give it (PERMISSION_DENIED), and the same key signing as the BFF", async () => {
      const before = seenContexts.length;
      const asTicketing = createGrpcClient(NotificationsServiceClient, address, { callerKey: ticketingKey });
      const asBff = createGrpcClient(NotificationsServiceClient, address, {
        callerKey: { workload: 'bff', secret: ticketingKey.secret },
      });
      try {
        const forUser = await callError(asTicketing.listMessages({ subjectRef: 'ord_pod' }, { actorUserId: 'usr_x' }));
        expect({ code: forUser.code, details: forUser.details }).toEqual({
          code: status.PERMISSION_DENIED,
          details: 'The caller may not make this call.',
        });
        expect(refusals().at(-1)).toMatchObject({ reason: 'forbidden' });
        expect((await callError(asTicketing.listMessages({ subjectRef: 'ord_pod' }))).code).toBe(
          status.PERMISSION_DENIED,
        );
        const pretending = await callError(asBff.listMessages({ subjectRef: 'ord_pod' }, { actorUserId: 'usr_x' }));
        expect({ code: pretending.code, details: pretending.details }).toEqual(REFUSED);
      } finally {
        asTicketing.close();
        asBff.close();
      }
      expect(seenContexts).toHaveLength(before);
    });

    it('refuses a credential made for another method', async () => {
      const forOther = signCall(
        callerKey,
        '/kassa.notifications.v1.NotificationsService/ListOrderMessages',
        'usr_x',
        bodyOf('ord_raw'),
      );
      expect(await rawCall(metadataOf({ 'kassa-actor-user-id': 'usr_x', [CALLER_HEADER]: forOther }))).toEqual(REFUSED);
      expect(refusals().at(-1)).toMatchObject({ reason: 'invalid' });
    });

    it('refuses every call of a client whose key the server does not hold', async () => {
      const before = seenContexts.length;
      const stranger = createGrpcClient(NotificationsServiceClient, address, {
        callerKey: { workload: 'bff', secret: randomBytes(32) },
      });
      try {
        const error = await callError(stranger.listMessages({ subjectRef: 'ord_stranger' }, { actorUserId: 'usr_x' }));
        expect({ code: error.code, details: error.details }).toEqual(REFUSED);
        expect((await callError(stranger.listMessages({ subjectRef: 'ord_stranger' }))).code).toBe(
          status.UNAUTHENTICATED,
        );
      } finally {
        stranger.close();
      }
      expect(seenContexts).toHaveLength(before);
      expect(refusals().at(-1)).toMatchObject({ reason: 'invalid' });
    });

    it('refuses a credential made more than 5 minutes ago, or ahead, and malformed or doubled ones', async () => {
      const old = signCall(callerKey, LIST_MESSAGES, 'usr_x', bodyOf('ord_raw'), Date.now() - 301_000);
      expect(await rawCall(metadataOf({ 'kassa-actor-user-id': 'usr_x', [CALLER_HEADER]: old }))).toEqual(REFUSED);
      expect(refusals().at(-1)).toMatchObject({ reason: 'expired' });
      const ahead = signCall(callerKey, LIST_MESSAGES, 'usr_x', bodyOf('ord_raw'), Date.now() + 301_000);
      expect(await rawCall(metadataOf({ 'kassa-actor-user-id': 'usr_x', [CALLER_HEADER]: ahead }))).toEqual(REFUSED);
      expect(refusals().at(-1)).toMatchObject({ reason: 'expired' });
      expect(await rawCall(metadataOf({ [CALLER_HEADER]: 'v1.abc.def' }))).toEqual(REFUSED);
      expect(refusals().at(-1)).toMatchObject({ reason: 'malformed' });
      const good = signCall(callerKey, LIST_MESSAGES, undefined, bodyOf('ord_raw'));
      expect(await rawCall(metadataOf({ [CALLER_HEADER]: [good, good] }))).toEqual(REFUSED);
      expect(refusals().at(-1)).toMatchObject({ reason: 'malformed' });
      // Within the skew either way is fine.
      const skewed = signCall(callerKey, LIST_MESSAGES, undefined, bodyOf('ord_raw'), Date.now() - 240_000);
      expect(await rawCall(metadataOf({ [CALLER_HEADER]: skewed }))).toBe('answered');
    });

    it('accepts calls signed with the previous key while a rotation is under way', async () => {
      const rotating = createGrpcClient(NotificationsServiceClient, address, { callerKey: previousCallerKey });
      try {
        const response = await rotating.listMessages({ subjectRef: 'ord_rotation' }, { actorUserId: 'usr_rotation' });
        expect(response.messages[0]!.recipient).toBe('usr_rotation');
      } finally {
        rotating.close();
      }
    });

    it('answers health Check without a credential (probes hold no key)', async () => {
      const raw = new HealthClient(address, credentials.createInsecure());
      try {
        const reply = await new Promise<HealthCheckResponse>((resolve, reject) => {
          raw.check({ service: '' }, new Metadata(), { deadline: Date.now() + 5_000 }, (error, response) =>
            error ? reject(error) : resolve(response!),
          );
        });
        expect(reply).toEqual({ status: ServingStatus.SERVING });
      } finally {
        raw.close();
      }
    });

    it('cannot be started without a key', () => {
      expect(() => createGrpcServer({ logger, port: 0, callerVerifiers: new Map() })).toThrow(/callerVerifiers/);
      expect(() =>
        createGrpcClient(NotificationsServiceClient, address, {
          callerKey: { workload: 'bff', secret: Buffer.alloc(16) },
        }),
      ).toThrow(/callerKey/);
    });
  });

  it('puts client and server spans of a call into one trace (real require hooks, child process under tsx)', async () => {
    const root = path.resolve(__dirname, '../../../..');
    const { stdout } = await run(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(__dirname, '../fixtures/grpc-trace/main.ts')],
      {
        cwd: root,
        timeout: 30_000,
        env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '' },
      },
    );
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
