// `npm run verify`, section "authorisation": header spoofing through the BFF and direct gRPC calls without the BFF's
// credentials, against organisations A and B made with real data on the shared end-to-end stack. Cross-tenant
// successes must be 0. (The tenant-isolation table itself, over every organiser route and org-scoped method, is
// tenant-isolation.e2e-alone.test.ts; it records its own figures into this section.)
import { Client, credentials, Metadata, type ServiceError, status } from '@grpc/grpc-js';
import { type Workload, callerKeyFromRoot, createGrpcClient, isGrpcCallError } from '@kassa/platform/grpc';
import { OrderServiceClient } from '@kassa/proto/ordering/v1/orders';
import { grpcMethods } from '../surface';
import { type VerifyFigure, mustBeAtLeast, mustBeZero, mustEqual, recordFigures, verifySize } from '../figures';
import {
  type Addresses,
  COMPROMISED_POD,
  CREDENTIAL_VARIANTS,
  callEveryMethodWithoutCredential,
  methodsRefusingGenuineCredential,
} from '../authorisation/direct-grpc';
import { type Fingerprints, changedTables, fingerprints } from '../authorisation/fingerprint';
import type { AimedIds } from '../authorisation/grpc-requests';
import {
  SPOOF_VARIANTS,
  type SpoofContext,
  type SpoofTarget,
  forwardedSpoofs,
  headersOf,
  organiserRoutes,
  spoofEveryRoute,
  spoofTargets,
} from '../authorisation/header-spoofing';
import { rawRequest } from '../authorisation/raw-http';
import { type RecordingBff, startRecordingBff } from '../authorisation/recording-bff';
import { type DeadSessions, type Tenant, createTenant, deadSessionsOf } from '../authorisation/tenants';
import { signUpViaApi, testAddress } from '@kassa/testing/accounts';
import { stackInfo } from '@kassa/testing/stack-info';

jest.setTimeout(180_000);
const SECTION = 'authorisation';
const stack = stackInfo();
const size = verifySize();
const root = stack.env.KASSA_CALLER_KEY ?? '';
const key = callerKeyFromRoot(root, 'bff');
const addresses: Addresses = {
  identity: stack.identityGrpc!,
  catalog: stack.catalogGrpc!,
  ordering: stack.orderingGrpc!,
  payments: stack.paymentsGrpc!,
  ticketing: stack.ticketingGrpc!,
  notifications: stack.notificationsGrpc!,
};
const figures: VerifyFigure[] = [];
const record = (...rows: VerifyFigure[]) => {
  figures.push(...rows);
  return rows;
};

let a: Tenant;
let b: Tenant;
let dead: DeadSessions;
let bff: RecordingBff;
let prints: Fingerprints;

const PREFIXED_ID = /^[a-z]{3}_[0-9a-z]{26}$/;
const idsOf = (tenant: Tenant) => [
  tenant.owner.userId,
  ...Object.values(tenant).filter((value): value is string => typeof value === 'string' && PREFIXED_ID.test(value)),
];

beforeAll(async () => {
  const recording = startRecordingBff(stack, 'bff-authorisation');
  const [ownerA, ownerB] = await Promise.all([
    signUpViaApi(stack.bffUrl, stack.mailInboxUrl, testAddress('authorisation-owner-a'), 'Owner A'),
    signUpViaApi(stack.bffUrl, stack.mailInboxUrl, testAddress('authorisation-owner-b'), 'Owner B'),
  ]);
  [a, b] = await Promise.all([createTenant(stack.bffUrl, ownerA, 'A'), createTenant(stack.bffUrl, ownerB, 'B')]);
  dead = await deadSessionsOf(
    stack.bffUrl,
    stack.mailInboxUrl,
    ownerB,
    stack.databases.find((name) => name.endsWith('_identity'))!,
  );
  bff = await recording;
  prints = await fingerprints(stack.databases, () => [...idsOf(a), ...idsOf(b)]);
  await prints.settled();
}, 240_000);

afterAll(async () => {
  recordFigures(SECTION, figures);
  await bff?.stop();
  await prints?.close();
});

/** ordering's GetPayableOrder called with `workload`'s own key, as that service would call it. */
async function serviceCallAnswer(
  workload: Workload,
  request: { orderId: string },
): Promise<{ code: number; details: string }> {
  const client = createGrpcClient(OrderServiceClient, addresses.ordering, {
    callerKey: callerKeyFromRoot(root, workload),
    deadlineMs: 10_000,
  });
  try {
    await client.getPayableOrder(request);
    return { code: status.OK, details: '' };
  } catch (error) {
    if (isGrpcCallError(error)) return { code: error.code, details: error.details };
    throw error;
  } finally {
    client.close();
  }
}

const spoofContext = (bffUrl: string): SpoofContext => ({
  bffUrl,
  own: a,
  foreign: b,
  ownSession: a.owner.api.cookie('kassa_session')!,
  dead,
});
const routeMethods = () => organiserRoutes().reduce((count, route) => count + route.methods.length, 0);

describe('header spoofing through the BFF', () => {
  it('no organiser route gives a member of A, or anybody signed out, anything of B; nothing a browser wrote reaches a service', async () => {
    const before = await prints.take();
    bff.proxy.calls.length = 0;
    // CI: the BFF as production runs it (behind the ingress, forwarded headers believed). Full: the shared stack's
    // BFF too (forwarded headers ignored), and each route also with our organisation and B's other ids.
    const targets = spoofTargets(a, b, size === 'full');
    const outcomes = await spoofEveryRoute(
      spoofContext(bff.url),
      targets,
      SPOOF_VARIANTS,
      () => bff.proxy.calls.length,
    );
    if (size === 'full') outcomes.push(...(await spoofEveryRoute(spoofContext(stack.bffUrl), targets, SPOOF_VARIANTS)));
    const after = await prints.take();

    const covered = new Set(outcomes.map(({ target }) => target.replace(/ \(.*\)$/, '')));
    const successes = outcomes.filter(({ success }) => success);
    const failed = outcomes.filter(({ status: code }) => code >= 500);
    const forwarded = forwardedSpoofs(bff.proxy.calls, spoofContext(bff.url), root);
    const asMemberOfA =
      SPOOF_VARIANTS.filter(({ as, oneAtATime }) => as === 'member of A' && !oneAtATime).length * targets.length;
    const changed = changedTables(before, after);
    const rows = record(
      mustEqual(SECTION, 'organiser routes (route × method) under header spoofing', covered.size, routeMethods()),
      mustBeAtLeast(SECTION, 'header-spoofing attempts', outcomes.length, targets.length * SPOOF_VARIANTS.length),
      mustBeZero(
        SECTION,
        'cross-tenant successes (header spoofing)',
        successes.length,
        successes
          .slice(0, 5)
          .map((s) => `${s.variant} → ${s.target}: ${s.status} ${s.revealed.join(',')}`)
          .join('; '),
      ),
      mustBeZero(
        SECTION,
        'spoofed requests answered 5xx',
        failed.length,
        failed
          .slice(0, 5)
          .map((s) => `${s.variant} → ${s.target}: ${s.status}`)
          .join('; '),
      ),
      // Every request of a signed-in member makes the BFF ask identity at least once: the proxy saw the traffic.
      mustBeAtLeast(
        SECTION,
        'gRPC calls the BFF made for them, seen by a recording proxy',
        bff.proxy.calls.length,
        asMemberOfA,
      ),
      mustBeZero(
        SECTION,
        'spoofed headers or credentials the BFF passed on to services',
        forwarded.length,
        forwarded.slice(0, 5).join('; '),
      ),
      mustBeZero(SECTION, "tables of A's and B's data changed by spoofed requests", changed.length, changed.join(', ')),
    );
    expect(rows.filter((row) => !row.ok)).toEqual([]);
  });

  it("control: the same GET routes answer B's owner, and A's owner on A's own ids, through the same BFF (so the refusals were about who asked)", async () => {
    const gets = (tenant: Tenant): SpoofTarget[] =>
      spoofTargets(tenant, tenant, false).filter(({ method }) => method === 'GET');
    const asOwner = async (tenant: Tenant) =>
      Promise.all(
        gets(tenant).map(async (target) => {
          const headers = {
            ...headersOf(spoofContext(bff.url), target, { name: 'none', as: 'anonymous', headers: () => ({}) }),
            cookie: `kassa_session=${tenant.owner.api.cookie('kassa_session')}`,
          };
          return {
            target: target.name,
            status: (await rawRequest(`${bff.url}${target.path}`, target.method, headers)).status,
          };
        }),
      );
    const answered = [...(await asOwner(b)), ...(await asOwner(a))];
    const rows = record(
      mustEqual(
        SECTION,
        "organiser GET routes answered to their own organisation's owner (control)",
        answered.filter(({ status: code }) => code === 200).length,
        answered.length,
      ),
    );
    expect({
      answered: answered.filter(({ status: code }) => code !== 200),
      ok: rows[0]!.ok,
      some: answered.length > 0,
    }).toEqual({ answered: [], ok: true, some: true });
  });
});

describe("direct gRPC calls without the BFF's credentials", () => {
  const aimedAtB = (): AimedIds => ({
    organisationId: b.orgId,
    eventId: b.eventId,
    ticketOptionId: b.ticketOptionId,
    shopId: b.shopId,
    itemId: b.itemId,
    discountCodeId: b.discountCodeId,
    orderId: b.orderId,
    paymentId: b.paymentId,
    ticketId: b.ticketId,
    memberId: b.ownerMemberId,
    userId: b.owner.userId,
    invitationId: b.invitationId,
    linkId: b.scanLinkId,
    email: b.owner.email,
    sessionToken: dead.signedOut,
    scanSecret: b.secrets.scanSecret,
    deviceId: 'dev_authorisationdirect',
  });
  let refusals: Awaited<ReturnType<typeof callEveryMethodWithoutCredential>>['outcomes'] = [];

  it("every method of every service refuses a call in B's owner's name without a genuine credential (UNAUTHENTICATED), and nothing changes", async () => {
    const before = await prints.take();
    const result = await callEveryMethodWithoutCredential(addresses, root, aimedAtB(), b.owner.userId, a.owner.userId);
    refusals = result.outcomes;
    const changed = changedTables(before, await prints.take());
    const rows = record(
      mustEqual(
        SECTION,
        'gRPC methods covered (the health check is exempt by design)',
        result.covered,
        grpcMethods().length,
      ),
      mustEqual(
        SECTION,
        'direct gRPC calls without a genuine caller credential',
        result.outcomes.length,
        grpcMethods().length * CREDENTIAL_VARIANTS.length,
      ),
      mustBeZero(
        SECTION,
        "direct gRPC calls without the BFF's credentials accepted",
        result.accepted.length,
        result.accepted
          .slice(0, 5)
          .map((o) => `${o.method} (${o.variant}): ${status[o.answer.code]}`)
          .join('; '),
      ),
      mustBeZero(
        SECTION,
        "of which: a service's own key acting for a user, or signing as the BFF (a compromised pod)",
        result.accepted.filter((o) => COMPROMISED_POD.has(o.variant)).length,
      ),
      mustBeZero(SECTION, "tables of A's and B's data changed by direct calls", changed.length, changed.join(', ')),
    );
    expect(rows.filter((row) => !row.ok)).toEqual([]);
  });

  it("control: every method takes the same request with a genuine credential (so the refusals were the credential's)", async () => {
    // A user of no organisation acts, so that the genuine calls reach each method's own checks and change nothing of B.
    const stranger = await signUpViaApi(
      stack.bffUrl,
      stack.mailInboxUrl,
      testAddress('authorisation-stranger'),
      'Stray Caller',
    );
    const still = await methodsRefusingGenuineCredential(addresses, key, aimedAtB(), stranger.userId, refusals);
    // A service's own key on a call SERVICE_CALLS gives it (payments asking ordering for B's payable order) is taken:
    // the compromised-pod refusals above were the policy's, not a blanket refusal of service keys.
    const ownCall = await serviceCallAnswer('payments', { orderId: b.orderId });
    const rows = record(
      mustEqual(
        SECTION,
        'gRPC methods that take a genuine credential (control)',
        grpcMethods().length - still.length,
        grpcMethods().length,
        still.slice(0, 5).join('; '),
      ),
      mustEqual(
        SECTION,
        "a service's own key on a call it makes, taken (control)",
        ownCall.code === status.OK ? 1 : 0,
        1,
        `${status[ownCall.code]} ${ownCall.details}`,
      ),
    );
    expect({ still, ok: rows.every((row) => row.ok) }).toEqual({ still: [], ok: true });
  });

  it('the health check answers without a credential, by design: probes and load balancers hold no key', async () => {
    const client = new Client(addresses.identity, credentials.createInsecure());
    try {
      const answer = await new Promise<{ code: status }>((resolve) =>
        client.makeUnaryRequest(
          '/grpc.health.v1.Health/Check',
          () => Buffer.alloc(0),
          (bytes: Buffer) => bytes,
          {},
          new Metadata(),
          { deadline: Date.now() + 5_000 },
          (error: ServiceError | null) => resolve({ code: error ? error.code : status.OK }),
        ),
      );
      expect(answer).toEqual({ code: status.OK });
    } finally {
      client.close();
    }
  });
});
