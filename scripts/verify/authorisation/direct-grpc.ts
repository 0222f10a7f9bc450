// Calls straight to the services, as anything on the cluster network could make them, without what only the BFF (and
// the services themselves) hold: KASSA_CALLER_KEY. Every method of every contract, aimed at organisation B's real ids
// in the name of B's owner (metadata kassa-actor-user-id), once per way of lacking a genuine credential. Every answer
// must be UNAUTHENTICATED. The health check is exempt by design (probes and load balancers hold no key) and is not a
// method of the contracts grpcMethods() reads.
import { randomBytes } from 'node:crypto';
import { Client, credentials, Metadata, type ServiceError, status } from '@grpc/grpc-js';
import { ACTOR_USER_ID_HEADER, CALLER_HEADER, CALLER_SKEW_SECONDS, grpcTarget, signCall } from '@kassa/platform/grpc';
import { type AimedIds, type MethodDefinition, type ServiceName, allMethods, requestAimedAt, serviceOf } from './grpc-requests';

export interface CredentialVariant {
  name: string;
  /** The credential to send (undefined: none) for a call of `path` claiming actor `actor`. */
  credential(context: { key: Buffer; path: string; actor: string; otherActor: string; otherPath: string; now: number }): string | undefined;
}

const lateBy = (CALLER_SKEW_SECONDS + 60) * 1000;

/** The four ways the issue names first, then four more a forger might try. */
export const CREDENTIAL_VARIANTS: CredentialVariant[] = [
  { name: 'no credential', credential: () => undefined },
  { name: 'made with another key', credential: ({ path, actor }) => signCall(randomBytes(32), path, actor) },
  { name: 'genuine, but for another actor than the header names', credential: ({ key, path, otherActor }) => signCall(key, path, otherActor) },
  { name: 'genuine, but expired', credential: ({ key, path, actor, now }) => signCall(key, path, actor, now - lateBy) },
  { name: 'genuine, but issued in the future', credential: ({ key, path, actor, now }) => signCall(key, path, actor, now + lateBy) },
  { name: 'genuine, but for another method', credential: ({ key, actor, otherPath }) => signCall(key, otherPath, actor) },
  { name: 'genuine for an anonymous call, with the actor header added', credential: ({ key, path }) => signCall(key, path, '') },
  { name: 'malformed', credential: ({ now }) => `v1.${Math.floor(now / 1000)}.${randomBytes(16).toString('hex')}` },
];

export interface GrpcAnswer {
  code: status;
  details: string;
}

export type Addresses = Record<ServiceName, string>;

/** One client per service address (raw grpc-js: nothing adds a credential behind our back). */
export function rawClients(addresses: Addresses): { call(definition: MethodDefinition, request: unknown, metadata: Metadata): Promise<GrpcAnswer>; close(): void } {
  const clients = new Map<string, Client>();
  const clientFor = (service: ServiceName) => {
    let client = clients.get(service);
    if (!client) {
      client = new Client(grpcTarget(addresses[service]), credentials.createInsecure());
      clients.set(service, client);
    }
    return client;
  };
  return {
    call: (definition, request, metadata) =>
      new Promise((resolve) => {
        clientFor(serviceOf(definition.path)).makeUnaryRequest(
          definition.path, definition.requestSerialize, definition.responseDeserialize, request, metadata, { deadline: Date.now() + 10_000 },
          (error: ServiceError | null) => resolve(error ? { code: error.code, details: error.details } : { code: status.OK, details: '' }),
        );
      }),
    close: () => clients.forEach((client) => client.close()),
  };
}

export interface DirectCallOutcome {
  method: string;
  variant: string;
  answer: GrpcAnswer;
}

export interface DirectCallsResult {
  methods: number;
  outcomes: DirectCallOutcome[];
  /** Calls answered with anything but UNAUTHENTICATED. */
  accepted: DirectCallOutcome[];
  /** Methods that got every variant. */
  covered: number;
}

/** Every method × every variant, aimed at `target` in the name of `actor`; `otherActor` is whose genuine credential the "another actor" variant carries. */
export async function callEveryMethodWithoutCredential(
  addresses: Addresses,
  key: Buffer,
  target: AimedIds,
  actor: string,
  otherActor: string,
): Promise<DirectCallsResult> {
  const methods = allMethods();
  const clients = rawClients(addresses);
  const outcomes: DirectCallOutcome[] = [];
  try {
    for (const [index, { method, definition }] of methods.entries()) {
      const request = requestAimedAt(definition, target);
      const otherPath = methods[(index + 1) % methods.length]!.method.path;
      for (const variant of CREDENTIAL_VARIANTS) {
        const metadata = new Metadata();
        metadata.set(ACTOR_USER_ID_HEADER, actor);
        const credential = variant.credential({ key, path: method.path, actor, otherActor, otherPath, now: Date.now() });
        if (credential !== undefined) metadata.set(CALLER_HEADER, credential);
        outcomes.push({ method: method.path, variant: variant.name, answer: await clients.call(definition, request, metadata) });
      }
    }
  } finally {
    clients.close();
  }
  const accepted = outcomes.filter(({ answer }) => answer.code !== status.UNAUTHENTICATED);
  const covered = methods.filter(({ method }) => CREDENTIAL_VARIANTS.every(({ name }) => outcomes.some((outcome) => outcome.method === method.path && outcome.variant === name))).length;
  return { methods: methods.length, outcomes, accepted, covered };
}

/**
 * The control: the same requests with a genuine credential (signed with the key, for the method and `actor`) are
 * not refused for want of one. Returns the methods whose answer was still the refusal the credential-less call got.
 */
export async function methodsRefusingGenuineCredential(addresses: Addresses, key: Buffer, target: AimedIds, actor: string, refusals: DirectCallOutcome[]): Promise<string[]> {
  const clients = rawClients(addresses);
  const refusedAs = new Map(refusals.filter(({ variant }) => variant === CREDENTIAL_VARIANTS[0]!.name).map(({ method, answer }) => [method, answer]));
  const still: string[] = [];
  try {
    for (const { method, definition } of allMethods()) {
      const metadata = new Metadata();
      metadata.set(ACTOR_USER_ID_HEADER, actor);
      metadata.set(CALLER_HEADER, signCall(key, method.path, actor));
      const answer = await clients.call(definition, requestAimedAt(definition, target), metadata);
      const refusal = refusedAs.get(method.path);
      if (!refusal || (answer.code === refusal.code && answer.details === refusal.details)) still.push(`${method.path}: ${status[answer.code]} ${answer.details}`);
    }
  } finally {
    clients.close();
  }
  return still;
}
