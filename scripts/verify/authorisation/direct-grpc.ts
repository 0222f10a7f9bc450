// Calls straight to the services, as anything on the cluster network could make them, without what only the BFF holds:
// its own caller key. Every method of every contract, aimed at organisation B's real ids in the name of B's owner
// (metadata kassa-actor-user-id), once per way of lacking a genuine credential for that call, including a service's
// own genuine key (a compromised pod) used for a call that SERVICE_CALLS does not give it. Every answer must be a
// refusal of the caller: UNAUTHENTICATED, or PERMISSION_DENIED "The caller may not make this call." for a genuine
// service key. The health check is exempt by design (probes and load balancers hold no key) and is not a method of
// the contracts grpcMethods() reads.
import { randomBytes } from 'node:crypto';
import { Client, credentials, Metadata, type ServiceError, status } from '@grpc/grpc-js';
import {
  ACTOR_USER_ID_HEADER,
  CALLER_HEADER,
  CALLER_NOT_ALLOWED,
  CALLER_SKEW_SECONDS,
  type CallerKey,
  WORKLOADS,
  callerKeyFromRoot,
  callerMayCall,
  grpcTarget,
  requestDigest,
  signCall,
} from '@kassa/platform/grpc';
import {
  type AimedIds,
  type MethodDefinition,
  type ServiceName,
  allMethods,
  requestAimedAt,
  serviceOf,
} from './grpc-requests';

export interface CredentialContext {
  /** The BFF's genuine key. */
  key: CallerKey;
  /** The development root the stack's workloads derive their keys from (a service's own key, for the compromised-pod variants). */
  root: string;
  path: string;
  actor: string;
  otherActor: string;
  otherPath: string;
  now: number;
  /** The digest of the bytes the call sends. */
  digest: Buffer;
}

export interface CredentialVariant {
  name: string;
  /** The credential to send (undefined: none) for a call of `path` claiming actor `actor`. */
  credential(context: CredentialContext): string | undefined;
}

const lateBy = (CALLER_SKEW_SECONDS + 60) * 1000;

/** A service (not the BFF) whose own genuine key SERVICE_CALLS does not let make this call in a user's name. */
const serviceWithoutTheCall = (path: string) =>
  WORKLOADS.find((workload) => workload !== 'bff' && !callerMayCall(workload, path, true))!;

/** The four ways the issue names first, then more a forger or a compromised pod might try. */
export const CREDENTIAL_VARIANTS: CredentialVariant[] = [
  { name: 'no credential', credential: () => undefined },
  {
    name: 'made with another key',
    credential: ({ path, actor, digest }) =>
      signCall({ workload: 'bff', secret: randomBytes(32) }, path, actor, digest),
  },
  {
    name: 'genuine, but for another actor than the header names',
    credential: ({ key, path, otherActor, digest }) => signCall(key, path, otherActor, digest),
  },
  {
    name: 'genuine, but expired',
    credential: ({ key, path, actor, now, digest }) => signCall(key, path, actor, digest, now - lateBy),
  },
  {
    name: 'genuine, but issued in the future',
    credential: ({ key, path, actor, now, digest }) => signCall(key, path, actor, digest, now + lateBy),
  },
  {
    name: 'genuine, but for another method',
    credential: ({ key, actor, otherPath, digest }) => signCall(key, otherPath, actor, digest),
  },
  {
    name: 'genuine for an anonymous call, with the actor header added',
    credential: ({ key, path, digest }) => signCall(key, path, '', digest),
  },
  {
    name: 'genuine, but for another request body',
    credential: ({ key, path, actor }) => signCall(key, path, actor, requestDigest(Buffer.from('another body'))),
  },
  {
    name: "a service's own genuine key, for a call it does not make",
    credential: ({ root, path, actor, digest }) =>
      signCall(callerKeyFromRoot(root, serviceWithoutTheCall(path)), path, actor, digest),
  },
  {
    name: "signed as the BFF with a service's own key",
    credential: ({ root, path, actor, digest }) =>
      signCall(
        { workload: 'bff', secret: callerKeyFromRoot(root, serviceWithoutTheCall(path)).secret },
        path,
        actor,
        digest,
      ),
  },
  { name: 'malformed', credential: ({ now }) => `v2.bff.${Math.floor(now / 1000)}.${randomBytes(16).toString('hex')}` },
];

/** The variants a compromised pod (a service's own genuine key) can make. */
export const COMPROMISED_POD: ReadonlySet<string> = new Set([
  "a service's own genuine key, for a call it does not make",
  "signed as the BFF with a service's own key",
]);

/** A refusal of the caller (not of the request): what every variant must get. */
export const refusesCaller = (answer: GrpcAnswer): boolean =>
  answer.code === status.UNAUTHENTICATED ||
  (answer.code === status.PERMISSION_DENIED && answer.details === CALLER_NOT_ALLOWED);

export interface GrpcAnswer {
  code: status;
  details: string;
}

export type Addresses = Record<ServiceName, string>;

/** One client per service address (raw grpc-js: nothing adds a credential behind our back). */
export function rawClients(addresses: Addresses): {
  call(definition: MethodDefinition, bytes: Buffer, metadata: Metadata): Promise<GrpcAnswer>;
  close(): void;
} {
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
    call: (definition, bytes, metadata) =>
      new Promise((resolve) => {
        clientFor(serviceOf(definition.path)).makeUnaryRequest(
          definition.path,
          (sent: Buffer) => sent,
          definition.responseDeserialize,
          bytes,
          metadata,
          { deadline: Date.now() + 10_000 },
          (error: ServiceError | null) =>
            resolve(error ? { code: error.code, details: error.details } : { code: status.OK, details: '' }),
        );
      }),
    close: () => clients.forEach((client) => client.close()),
  };
}

/** The request's bytes, encoded once: the credential's digest and the call are of the same bytes. */
const encoded = (definition: MethodDefinition, request: unknown): Buffer =>
  (definition.requestSerialize as (value: unknown) => Buffer)(request);

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

/**
 * Every method × every variant, aimed at `target` in the name of `actor`; `otherActor` is whose genuine credential the
 * "another actor" variant carries.
 */
export async function callEveryMethodWithoutCredential(
  addresses: Addresses,
  root: string,
  target: AimedIds,
  actor: string,
  otherActor: string,
): Promise<DirectCallsResult> {
  const methods = allMethods();
  const key = callerKeyFromRoot(root, 'bff');
  const clients = rawClients(addresses);
  const outcomes: DirectCallOutcome[] = [];
  try {
    for (const [index, { method, definition }] of methods.entries()) {
      const bytes = encoded(definition, requestAimedAt(definition, target));
      const otherPath = methods[(index + 1) % methods.length]!.method.path;
      for (const variant of CREDENTIAL_VARIANTS) {
        const metadata = new Metadata();
        metadata.set(ACTOR_USER_ID_HEADER, actor);
        const credential = variant.credential({
          key,
          root,
          path: method.path,
          actor,
          otherActor,
          otherPath,
          now: Date.now(),
          digest: requestDigest(bytes),
        });
        if (credential !== undefined) metadata.set(CALLER_HEADER, credential);
        outcomes.push({
          method: method.path,
          variant: variant.name,
          answer: await clients.call(definition, bytes, metadata),
        });
      }
    }
  } finally {
    clients.close();
  }
  const accepted = outcomes.filter(({ answer }) => !refusesCaller(answer));
  const covered = methods.filter(({ method }) =>
    CREDENTIAL_VARIANTS.every(({ name }) =>
      outcomes.some((outcome) => outcome.method === method.path && outcome.variant === name),
    ),
  ).length;
  return { methods: methods.length, outcomes, accepted, covered };
}

/**
 * The control: the same requests with a genuine credential (signed with the key, for the method and `actor`) are
 * not refused for want of one. Returns the methods whose answer was still the refusal the credential-less call got.
 */
export async function methodsRefusingGenuineCredential(
  addresses: Addresses,
  key: CallerKey,
  target: AimedIds,
  actor: string,
  refusals: DirectCallOutcome[],
): Promise<string[]> {
  const clients = rawClients(addresses);
  const refusedAs = new Map(
    refusals
      .filter(({ variant }) => variant === CREDENTIAL_VARIANTS[0]!.name)
      .map(({ method, answer }) => [method, answer]),
  );
  const still: string[] = [];
  try {
    for (const { method, definition } of allMethods()) {
      const metadata = new Metadata();
      metadata.set(ACTOR_USER_ID_HEADER, actor);
      const bytes = encoded(definition, requestAimedAt(definition, target));
      metadata.set(CALLER_HEADER, signCall(key, method.path, actor, requestDigest(bytes)));
      const answer = await clients.call(definition, bytes, metadata);
      const refusal = refusedAs.get(method.path);
      if (!refusal || (answer.code === refusal.code && answer.details === refusal.details))
        still.push(`${method.path}: ${status[answer.code]} ${answer.details}`);
    }
  } finally {
    clients.close();
  }
  return still;
}
