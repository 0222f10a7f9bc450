// Header spoofing through the BFF, the only public entry: every organiser route handler, aimed at organisation B's
// ids by a member of organisation A or by nobody, with headers that would make a careless app believe the caller is
// someone else (kassa-* identity headers, a forged caller credential, other gateways' user headers, forwarded
// addresses and hosts, rewritten URLs, Next's internal headers) or with session cookies that must open nothing
// (made up, tampered, signed out, expired, under the other cookie name, as a bearer token). None may succeed, and
// nothing a browser wrote may reach a service: the BFF's calls are watched at a recording gRPC proxy.
import { randomBytes, randomUUID } from 'node:crypto';
import { requestDigest, signCall, targetOfMethod, verifiersFromRoot, verifyCall } from '@kassa/platform/grpc';
import { type BffRoute, bffRoutes } from '../surface';
import { type RawAnswer, type RawHeaders, rawRequest } from './raw-http';
import type { RecordedCall } from './recording-proxy';
import type { DeadSessions, Tenant } from './tenants';

/** The organiser area: every route handler under /api/organisations/{orgId}. */
export const organiserRoutes = (): BffRoute[] =>
  bffRoutes().filter(({ path }) => path.startsWith('/api/organisations/[orgId]'));

export interface SpoofTarget {
  name: string;
  method: string;
  /** The concrete path (and query). */
  path: string;
  /** The same path with our organisation's id where theirs was (for headers that claim another URL). */
  ownPath: string;
  body?: unknown;
  /** What the request itself carries of B (a page or an error may show it back). */
  sent: string;
}

const DEVICE_ID = `dev_authorisation${randomBytes(4).toString('hex')}`;
const EVENT = {
  name: 'Taken over',
  description: '',
  startsAt: '2031-06-01T18:00:00.000Z',
  endsAt: '2031-06-01T23:00:00.000Z',
  ticketLimit: null,
  location: { address: 'Main 1', city: 'Utrecht', postalCode: '3511AA', country: 'NL' },
  translations: [],
};
const TICKET_OPTION = { name: 'Taken', description: '', capacity: 5, translations: [] };
const SHOP = {
  name: 'Taken over',
  description: '',
  opensAt: '2031-04-01T00:00:00.000Z',
  closesAt: '2031-05-01T00:00:00.000Z',
  currency: 'EUR',
  translations: [],
};

/**
 * A valid body for each state-changing organiser route (so that a refusal can only come from who asks); undefined: the
 * route takes none.
 */
function bodyFor(method: string, template: string, foreign: Tenant): unknown {
  const route = template.replace('/api/organisations/[orgId]', '') || '/';
  const nonce = () => `authorisation-${randomUUID()}`;
  const bodies: Record<string, () => unknown> = {
    'PATCH /': () => ({ name: 'Taken over', description: '', currency: 'EUR', defaultLocale: 'en' }),
    'POST /events': () => EVENT,
    'PUT /events/[eventId]': () => EVENT,
    'POST /events/[eventId]/scan': () => ({
      code: foreign.secrets.ticketReference,
      nonce: nonce(),
      deviceId: DEVICE_ID,
    }),
    'POST /events/[eventId]/scan-links': () => ({ name: 'Intruder door' }),
    'POST /events/[eventId]/scan/sync': () => ({
      deviceId: DEVICE_ID,
      scans: [
        {
          nonce: nonce(),
          code: foreign.secrets.ticketReference,
          scannedAt: new Date(Date.now() - 60_000).toISOString(),
        },
      ],
    }),
    'POST /events/[eventId]/ticket-options': () => TICKET_OPTION,
    'PUT /events/[eventId]/ticket-options/[ticketOptionId]': () => TICKET_OPTION,
    'POST /members': () => ({
      email: `intruder-${randomBytes(4).toString('hex')}@example.test`,
      firstName: 'I',
      lastName: 'N',
      permissions: ['owner'],
    }),
    'PATCH /members/[memberId]': () => ({ firstName: 'X', lastName: 'Y', permissions: ['checkin'] }),
    'POST /orders/[orderId]/refund': () => ({ full: true, idempotencyKey: randomUUID() }),
    'POST /orders/[orderId]/resend-confirmation': () => ({ idempotencyKey: randomUUID() }),
    'POST /shops': () => SHOP,
    'PUT /shops/[shopId]': () => SHOP,
    'POST /shops/[shopId]/discount-codes': () => ({ code: 'TAKEN10', type: 'percentage', value: 10, itemIds: [] }),
    'PUT /shops/[shopId]/discount-codes/[discountCodeId]': () => ({
      code: 'TAKEN10',
      type: 'percentage',
      value: 10,
      itemIds: [],
    }),
    'POST /shops/[shopId]/items': () => ({
      ticketOptionId: foreign.ticketOptionId,
      extraEventIds: [],
      name: '',
      priceMinor: 1_000,
    }),
    'PUT /shops/[shopId]/items/[itemId]': () => ({
      ticketOptionId: foreign.ticketOptionId,
      extraEventIds: [],
      name: '',
      priceMinor: 1_000,
    }),
  };
  const withoutBody = [
    /^DELETE /,
    /^GET /,
    /^POST \/events\/\[eventId\]\/(publish|convert-to-draft)$/,
    /^POST \/events\/\[eventId\]\/scan-links\/\[linkId\]\/revoke$/,
    /^POST \/orders\/\[orderId\]\/cancel$/,
    /^POST \/shops\/\[shopId\]\/(publish|convert-to-draft)$/,
  ];
  const key = `${method} ${route}`;
  if (bodies[key]) return bodies[key]();
  if (withoutBody.some((pattern) => pattern.test(key))) return undefined;
  // A route added later needs its body here: without one, its refusals would say nothing.
  throw new Error(`no request body for ${method} ${template}: add one to header-spoofing.ts`);
}

const ID_OF: Record<string, (tenant: Tenant) => string> = {
  eventId: (t) => t.eventId,
  ticketOptionId: (t) => t.ticketOptionId,
  linkId: (t) => t.scanLinkId,
  invitationId: (t) => t.invitationId,
  memberId: (t) => t.ownerMemberId,
  orderId: (t) => t.orderId,
  shopId: (t) => t.shopId,
  discountCodeId: (t) => t.discountCodeId,
  itemId: (t) => t.itemId,
};

/**
 * Each organiser route and method aimed at B: B's organisation and ids ("their organisation"), and, where the route
 * names more than the organisation, ours with B's other ids ("our organisation, their ids") when `ourOrganisationToo`.
 */
export function spoofTargets(own: Tenant, foreign: Tenant, ourOrganisationToo: boolean): SpoofTarget[] {
  return organiserRoutes().flatMap((route) =>
    route.methods.flatMap((method) => {
      const fill = (organisation: Tenant) =>
        route.path.replace('[orgId]', organisation.orgId).replace(/\[([A-Za-z]+)\]/g, (_whole, name: string) => {
          const id = ID_OF[name];
          if (!id) throw new Error(`no id for [${name}] in ${route.path}: add it to header-spoofing.ts`);
          return id(foreign);
        });
      const query = method === 'GET' ? `?deviceId=${DEVICE_ID}&locale=en` : '';
      const shapes: [string, Tenant][] = [['their organisation', foreign]];
      if (ourOrganisationToo && /\[(?!orgId\])/.test(route.path)) shapes.push(['our organisation, their ids', own]);
      return shapes.map(([shape, organisation]) => {
        const body = bodyFor(method, route.path, foreign);
        const path = `${fill(organisation)}${query}`;
        return {
          name: `${method} ${route.path} (${shape})`,
          method,
          path,
          ownPath: path.replace(foreign.orgId, own.orgId),
          body,
          sent: path + JSON.stringify(body ?? ''),
        };
      });
    }),
  );
}

export interface SpoofContext {
  bffUrl: string;
  own: Tenant;
  foreign: Tenant;
  /** A's owner's session token (live). */
  ownSession: string;
  /** B's owner's dead session tokens. */
  dead: DeadSessions;
}

export interface SpoofVariant {
  name: string;
  /** 'member of A': A's owner's live session cookie is sent too (unless the variant writes its own cookie header). */
  as: 'member of A' | 'anonymous';
  headers(context: SpoofContext, target: SpoofTarget): RawHeaders;
  /** Sent one request at a time, counting the gRPC calls each causes (needs a recording proxy). */
  oneAtATime?: true;
}

const forgedCredential = (actor: string) =>
  signCall(
    { workload: 'bff', secret: randomBytes(32) },
    '/kassa.identity.v1.OrganisationService/Authorize',
    actor,
    requestDigest(Buffer.alloc(0)),
  );
const gatewayIdentity = ({ foreign }: SpoofContext): RawHeaders => ({
  'x-user-id': foreign.owner.userId,
  'x-forwarded-user': foreign.owner.userId,
  'x-auth-request-user': foreign.owner.userId,
  'x-auth-request-email': foreign.owner.email,
  'x-remote-user': foreign.owner.userId,
  'remote-user': foreign.owner.userId,
  'x-authenticated-userid': foreign.owner.userId,
  'x-organisation-id': foreign.orgId,
  'x-org-id': foreign.orgId,
  'x-tenant-id': foreign.orgId,
});
const forwardedLoopback: RawHeaders = {
  'x-forwarded-for': '127.0.0.1',
  'x-real-ip': '127.0.0.1',
  'x-client-ip': '127.0.0.1',
  'true-client-ip': '127.0.0.1',
  'cf-connecting-ip': '127.0.0.1',
};
const tampered = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
const otherHost = 'kassa.evil.test';

export const SPOOF_VARIANTS: SpoofVariant[] = [
  {
    name: "kassa-actor-user-id naming B's owner",
    as: 'member of A',
    headers: ({ foreign }) => ({ 'kassa-actor-user-id': foreign.owner.userId }),
  },
  {
    name: 'the actor header twice, and as x-kassa-actor-user-id',
    as: 'member of A',
    headers: ({ foreign }) => ({
      'kassa-actor-user-id': [foreign.owner.userId, foreign.owner.userId],
      'x-kassa-actor-user-id': foreign.owner.userId,
    }),
  },
  {
    name: 'a forged kassa-caller credential with the actor header',
    as: 'member of A',
    headers: ({ foreign }) => ({
      'kassa-actor-user-id': foreign.owner.userId,
      'kassa-caller': forgedCredential(foreign.owner.userId),
    }),
  },
  { name: 'identity headers other gateways use', as: 'member of A', headers: gatewayIdentity },
  {
    name: 'forwarded client address, host and scheme (with a matching Origin)',
    as: 'member of A',
    headers: () => ({
      ...forwardedLoopback,
      forwarded: `for=127.0.0.1;host=${otherHost};proto=https`,
      'x-forwarded-host': otherHost,
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      origin: `https://${otherHost}`,
    }),
  },
  {
    name: 'a rewritten URL naming our own organisation',
    as: 'member of A',
    headers: (_context, { ownPath }) => ({
      'x-original-url': ownPath,
      'x-rewrite-url': ownPath,
      'x-forwarded-uri': ownPath,
      'x-matched-path': ownPath,
      'x-invoke-path': ownPath,
    }),
  },
  {
    name: "Next's internal headers (the middleware/proxy bypass among them)",
    as: 'member of A',
    headers: ({ foreign }) => ({
      'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy',
      'x-nextjs-data': '1',
      'x-invoke-status': '200',
      'kassa-actor-user-id': foreign.owner.userId,
    }),
  },
  {
    // Next answers a request marked as a prefetch with an empty `{}` (and x-middleware-skip: 1) before the proxy or
    // any handler runs. Sent one at a time, watching the recording proxy, to show that no handler ran for it.
    name: "Next's prefetch marker (x-middleware-prefetch) with the actor header",
    as: 'member of A',
    oneAtATime: true,
    headers: ({ foreign }) => ({ 'x-middleware-prefetch': '1', 'kassa-actor-user-id': foreign.owner.userId }),
  },
  {
    name: 'another Host, with a matching Origin',
    as: 'member of A',
    headers: () => ({ host: otherHost, origin: `http://${otherHost}` }),
  },
  {
    name: 'the loopback address as Host, with a matching Origin',
    as: 'member of A',
    headers: ({ bffUrl }) => ({
      host: `127.0.0.1:${new URL(bffUrl).port}`,
      origin: `http://127.0.0.1:${new URL(bffUrl).port}`,
    }),
  },
  {
    name: 'method override headers',
    as: 'member of A',
    headers: () => ({ 'x-http-method-override': 'GET', 'x-method-override': 'GET', 'x-http-method': 'GET' }),
  },
  {
    name: "B's owner's signed-out token as a bearer token beside our cookie",
    as: 'member of A',
    headers: ({ dead }) => ({ authorization: `Bearer ${dead.signedOut}` }),
  },
  {
    name: "two session cookies, B's owner's signed-out one first",
    as: 'member of A',
    headers: ({ dead, ownSession }) => ({ cookie: `kassa_session=${dead.signedOut}; kassa_session=${ownSession}` }),
  },
  {
    name: "B's owner's expired session as __Host-kassa_session beside ours",
    as: 'member of A',
    headers: ({ dead, ownSession }) => ({
      cookie: `__Host-kassa_session=${dead.expired}; kassa_session=${ownSession}`,
    }),
  },
  {
    name: 'all of the above headers at once',
    as: 'member of A',
    headers: (context) => ({
      ...gatewayIdentity(context),
      ...forwardedLoopback,
      'kassa-actor-user-id': context.foreign.owner.userId,
      'kassa-caller': forgedCredential(context.foreign.owner.userId),
      'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware',
      authorization: `Bearer ${context.dead.expired}`,
    }),
  },
  {
    name: "signed out: kassa-actor-user-id naming B's owner",
    as: 'anonymous',
    headers: ({ foreign }) => ({ 'kassa-actor-user-id': foreign.owner.userId }),
  },
  {
    name: 'signed out: the actor header, a forged credential and the middleware bypass',
    as: 'anonymous',
    headers: ({ foreign }) => ({
      'kassa-actor-user-id': foreign.owner.userId,
      'kassa-caller': forgedCredential(foreign.owner.userId),
      'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware',
    }),
  },
  {
    name: 'signed out: identity headers other gateways use',
    as: 'anonymous',
    headers: (context) => ({ ...gatewayIdentity(context), ...forwardedLoopback }),
  },
  {
    name: 'a made-up session token',
    as: 'anonymous',
    headers: () => ({ cookie: `kassa_session=${randomBytes(32).toString('base64url')}` }),
  },
  {
    name: 'our session token, tampered',
    as: 'anonymous',
    headers: ({ ownSession }) => ({ cookie: `kassa_session=${tampered(ownSession)}` }),
  },
  {
    name: "B's owner's signed-out session",
    as: 'anonymous',
    headers: ({ dead }) => ({ cookie: `kassa_session=${dead.signedOut}` }),
  },
  {
    name: "B's owner's expired session",
    as: 'anonymous',
    headers: ({ dead }) => ({ cookie: `kassa_session=${dead.expired}` }),
  },
  {
    name: "B's owner's signed-out session as __Host-kassa_session",
    as: 'anonymous',
    headers: ({ dead }) => ({ cookie: `__Host-kassa_session=${dead.signedOut}` }),
  },
  {
    name: "B's owner's signed-out session as a bearer token",
    as: 'anonymous',
    headers: ({ dead }) => ({ authorization: `Bearer ${dead.signedOut}` }),
  },
  {
    name: "B's owner's user id as the session cookie",
    as: 'anonymous',
    headers: ({ foreign }) => ({ cookie: `kassa_session=${foreign.owner.userId}` }),
  },
  {
    name: "B's owner's expired session with the actor header and a forwarded address",
    as: 'anonymous',
    headers: ({ dead, foreign }) => ({
      cookie: `kassa_session=${dead.expired}`,
      'kassa-actor-user-id': foreign.owner.userId,
      ...forwardedLoopback,
    }),
  },
];

export interface SpoofOutcome {
  target: string;
  variant: string;
  status: number;
  /** B's secrets the answer held (beyond what the request sent). */
  revealed: string[];
  /** Next's empty prefetch reply, for which no gRPC call was made: neither the proxy nor a handler ran. */
  unserved: boolean;
  success: boolean;
}

/** What a request that only carries `headers` must get: a refusal (4xx) or Next's unserved prefetch reply, with nothing of B in it. */
function judge(
  target: SpoofTarget,
  variant: SpoofVariant,
  answer: RawAnswer,
  foreign: Tenant,
  grpcCalls: number | undefined,
): SpoofOutcome {
  const revealed = Object.values(foreign.secrets).filter(
    (secret) => !target.sent.includes(secret) && answer.body.includes(secret),
  );
  const unserved = answer.headers['x-middleware-skip'] === '1' && answer.body.trim() === '{}' && grpcCalls === 0;
  return {
    target: target.name,
    variant: variant.name,
    status: answer.status,
    revealed,
    unserved,
    success: (answer.status < 400 && !unserved) || revealed.length > 0,
  };
}

export function headersOf(context: SpoofContext, target: SpoofTarget, variant: SpoofVariant): RawHeaders {
  const base: RawHeaders = {
    host: new URL(context.bffUrl).host,
    origin: new URL(context.bffUrl).origin,
    'sec-fetch-site': 'same-origin',
    accept: 'application/json',
    ...(target.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(variant.as === 'member of A' ? { cookie: `kassa_session=${context.ownSession}` } : {}),
  };
  return { ...base, ...variant.headers(context, target) };
}

/**
 * Sends every target with every variant, `concurrency` at a time; then the one-at-a-time variants, counting the gRPC
 * calls each request causes with `callsSoFar` (the recording proxy's count; without one they are left out).
 */
export async function spoofEveryRoute(
  context: SpoofContext,
  targets: SpoofTarget[],
  variants: SpoofVariant[],
  callsSoFar?: () => number,
  concurrency = 4,
): Promise<SpoofOutcome[]> {
  const send = async (target: SpoofTarget, variant: SpoofVariant, count?: () => number) => {
    const before = count?.();
    const answer = await rawRequest(
      `${context.bffUrl}${target.path}`,
      target.method,
      headersOf(context, target, variant),
      target.body === undefined ? undefined : JSON.stringify(target.body),
    );
    return judge(target, variant, answer, context.foreign, count ? count() - before! : undefined);
  };
  const jobs = targets.flatMap((target) =>
    variants.filter(({ oneAtATime }) => !oneAtATime).map((variant) => ({ target, variant })),
  );
  const outcomes: SpoofOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { target, variant } = jobs[next++]!;
      outcomes.push(await send(target, variant));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (callsSoFar) {
    for (const variant of variants.filter(({ oneAtATime }) => oneAtATime)) {
      for (const target of targets) outcomes.push(await send(target, variant, callsSoFar));
    }
  }
  return outcomes;
}

/**
 * The calls, seen at the recording proxy, that carried anything a browser wrote or acted for anyone but A's owner
 * (the only signed-in user among the spoofed requests): a spoofed value in any metadata, another actor, or a caller
 * credential that is not the BFF's own (one, genuine for its method, actor and body, made by the BFF under the stack's
 * development root `root`).
 */
const callerCredentials = (metadata: Record<string, string[]>) => metadata['kassa-caller'] ?? [];

export function forwardedSpoofs(calls: RecordedCall[], context: SpoofContext, root: string): string[] {
  const spoofed = [
    context.foreign.owner.userId,
    context.foreign.owner.email,
    context.foreign.orgId,
    context.dead.signedOut,
    context.dead.expired,
    'proxy:proxy',
    'middleware:middleware',
    '127.0.0.1',
  ];
  return calls.flatMap(({ method, metadata, at, digest }) => {
    const target = targetOfMethod(method);
    const check =
      target && callerCredentials(metadata).length === 1
        ? verifyCall(
            verifiersFromRoot(root, target),
            method,
            (metadata['kassa-actor-user-id'] ?? [])[0],
            digest,
            callerCredentials(metadata)[0],
            at,
          )
        : undefined;
    const actors = metadata['kassa-actor-user-id'] ?? [];
    const credentials = metadata['kassa-caller'] ?? [];
    const problems = [
      ...(actors.length > 1 || actors.some((actor) => actor !== context.own.owner.userId)
        ? [`actor ${actors.join(',')}`]
        : []),
      // The health check belongs to no workload and carries no credential.
      ...(target && (check?.verdict !== 'ok' || check.caller !== 'bff') ? [`credential ${credentials.join(',')}`] : []),
      ...Object.entries(metadata).flatMap(([name, values]) =>
        values.filter((value) => spoofed.some((text) => value.includes(text))).map((value) => `${name}: ${value}`),
      ),
    ];
    return problems.length ? [`${method} ${problems.join('; ')}`] : [];
  });
}
