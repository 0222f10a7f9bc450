// The "bad input" section of `npm run verify`: every BFF route and every gRPC method, found from the code, fuzzed with
// fast-check on a platform of its own (nothing else writes meanwhile). Two organisations are set up through the BFF;
// once the platform is quiet every database is digested and every stream counted; then the fuzzer sends its
// requests as three callers (anonymous, a member of B aiming at A, A's owner sending A's own routes bad input) and
// calls every method without an actor, as B and as A. Every answer is judged (no 5xx, no INTERNAL or UNKNOWN, the
// spec's messages, no internals shown, nothing accepted that had to be refused), and once the platform is quiet
// again no table may have changed and no event may have been published.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import fc from 'fast-check';
import { callerKeyFromRoot } from '@kassa/platform/grpc';
import { databaseUrl, startStack, type Stack } from '@kassa/testing/stack';
import {
  FIGURES_DIR,
  mustBeAtLeast,
  mustBeZero,
  mustEqual,
  type Size,
  type VerifyFigure,
  type VerifySection,
} from '../figures';
import { bffRoutes, grpcMethods } from '../surface';
import { readMessageCatalogue, withFieldLabels } from './answers';
import { loadLimit, loadSchema, TEMPLATES, templateKey, type TemplateIds } from './body-schemas';
import { grpcCases, isReadMethod, rawRequestBytes, type FieldNameLimits, type GrpcActor } from './grpc-cases';
import { callableMethods } from './grpc-runner';
import { controlCharacterGrpcCases, controlCharacterHttpCases, namesField } from './control-characters';
import { httpCases, type Caller, type HttpCase, type RouteInputs, type TenantName } from './http-cases';
import { inPool, sendHttpCase, type HttpResult } from './http-runner';
import { findLimits, type Oracle } from './json-bodies';
import { judgeGrpc, judgeHttp, type Finding } from './judge';
import { readProtoTypes } from './proto-types';
import { requireModule } from './require-module';
import { profileRoute, routeIdPrefixes, type RouteProfile } from './route-profiles';
import { poolsOf, seedTenant, type SeededTenant } from './seed';
import { fuzzSeed, seedFor } from './seeds';
import { changedTables, databaseDigest, messagesPublished, quietState, streamCounts } from './state';

export const SECTION = 'bad input';
const repoRoot = join(__dirname, '..', '..', '..');

/** Requests per route, method and caller; calls per method and actor; raw-byte calls per method and actor. */
const RUNS: Record<Size, { http: number; grpc: number; raw: number; concurrency: number }> = {
  ci: { http: 8, grpc: 4, raw: 1, concurrency: 4 },
  full: { http: 80, grpc: 40, raw: 10, concurrency: 6 },
};

interface Recorded {
  where: string;
  caller: string;
  made: string;
  answer: string;
  findings: Finding[];
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourcesUnder(path) : entry.name.endsWith('.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

/** The longest text each field name may hold in any of the BFF's schemas: `location.city` → city. */
function fieldNameLimits(limitsPerSchema: { maxLength: Map<string, number> }[]): FieldNameLimits {
  const maxLength = new Map<string, number>();
  for (const limits of limitsPerSchema) {
    for (const [path, max] of limits.maxLength) {
      const name = path
        .split('.')
        .filter((part) => !/^\d+$/.test(part))
        .pop()!;
      maxLength.set(name, Math.max(maxLength.get(name) ?? 0, max));
    }
  }
  return { maxLength };
}

export async function runBadInput(size: Size, log: (line: string) => void): Promise<VerifyFigure[]> {
  const seed = fuzzSeed();
  const runs = RUNS[size];
  log(`${SECTION}: fast-check seed ${seed} (VERIFY_SEED=${seed} repeats these requests), ${size} size`);

  // What there is to fuzz, and how, is found from the code before anything starts.
  const routes = bffRoutes();
  const serverSources = [
    ...sourcesUnder(join(repoRoot, 'bff', 'server')),
    ...routes.map((route) => readFileSync(join(repoRoot, route.file), 'utf8')),
  ];
  const prefixes = routeIdPrefixes(serverSources);
  const profiles: RouteProfile[] = routes.map((route) =>
    profileRoute(route, readFileSync(join(repoRoot, route.file), 'utf8'), prefixes),
  );
  const methods = grpcMethods();
  const types = readProtoTypes();
  // Every field name of the contracts and of the BFF's bodies: the platform names a refused control character by it.
  const bodyKeys = (value: unknown): string[] =>
    Array.isArray(value)
      ? value.flatMap(bodyKeys)
      : value !== null && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, entry]) => [key, ...bodyKeys(entry)])
        : [];
  const templateIdsForLabels: TemplateIds = { ticketOptionId: 'tko_x', eventId: 'evt_x', itemId: 'itm_x' };
  const catalogue = withFieldLabels(readMessageCatalogue(), [
    ...[...types.messages.values()].flatMap((fields) => fields.map((field) => field.name)),
    ...Object.values(TEMPLATES).flatMap((template) => bodyKeys(template(templateIdsForLabels))),
  ]);
  const schemas = new Map<string, { oracle: Oracle; limitBytes?: number; key: string; file: string }>();
  for (const profile of profiles) {
    for (const method of profile.methods) {
      if (method.body.kind !== 'json') continue;
      const key = templateKey(method.body.schema);
      if (!TEMPLATES[key])
        throw new Error(
          `${method.method} ${profile.route.path} checks its body with "${key}", which has no template in body-schemas.ts`,
        );
      schemas.set(`${method.method} ${profile.route.path}`, {
        oracle: loadSchema(profile.route.file, method.body.schema),
        limitBytes: loadLimit(profile.route.file, method.body.schema),
        key,
        file: profile.route.file,
      });
    }
  }
  log(
    `${SECTION}: ${profiles.length} routes (${profiles.reduce((n, p) => n + p.methods.length, 0)} route methods, ${schemas.size} with a JSON body schema), ${methods.length} gRPC methods`,
  );

  const stack: Stack = await startStack('fuzz', [
    'mail',
    'identity',
    'catalog',
    'ordering',
    'payments',
    'ticketing',
    'notifications',
    'bff',
  ]);
  let closeGrpc = () => undefined as void;
  try {
    const bffUrl = stack.info.bffUrl!;
    const keyText = stack.info.env.KASSA_CALLER_KEY;
    if (!keyText) throw new Error('the stack has no KASSA_CALLER_KEY: the fuzzer cannot make caller credentials');
    const callerKey = callerKeyFromRoot(keyText);

    const started = Date.now();
    const tenants: Record<TenantName, SeededTenant> = {
      A: await seedTenant(bffUrl, stack.info.mailInboxUrl!, 'A'),
      B: await seedTenant(bffUrl, stack.info.mailInboxUrl!, 'B'),
    };
    const pools = poolsOf(tenants);
    log(`${SECTION}: two organisations set up through the BFF in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const templateIds = (tenant: TenantName): TemplateIds => ({
      ticketOptionId: tenants[tenant].fieldIds.ticketOptionId![0]!,
      eventId: tenants[tenant].fieldIds.eventId![0]!,
      itemId: tenants[tenant].fieldIds.itemId![0]!,
    });
    const limitsOf = new Map<string, ReturnType<typeof findLimits>>();
    for (const [where, schema] of schemas)
      limitsOf.set(where, findLimits(schema.oracle, TEMPLATES[schema.key]!(templateIds('A'))));
    const nameLimits = fieldNameLimits([...limitsOf.values()]);

    const databases = stack.info.databases.map((name) => ({ name, url: databaseUrl(name) }));
    const readState = async () => ({
      digest: await databaseDigest(databases),
      streams: await streamCounts(stack.info.namespace),
    });
    const before = await quietState(readState, { timeoutMs: 180_000 });
    if (!before.quiet) throw new Error('the platform kept changing after the set-up; nothing to compare against');
    log(
      `${SECTION}: quiet; ${before.digest.size} tables digested, ${[...before.streams.values()].reduce((a, b) => a + b, 0)} messages in ${before.streams.size} streams`,
    );

    // ---- HTTP ------------------------------------------------------------------------------------------------------
    const callers: Caller[] = [
      { name: 'anonymous' },
      { name: 'member of B', tenant: 'B', sessionCookie: tenants.B.sessionCookie, userId: tenants.B.owner.userId },
      { name: 'owner of A', tenant: 'A', sessionCookie: tenants.A.sessionCookie, userId: tenants.A.owner.userId },
    ];
    const otherOf = (caller: Caller) =>
      callers.find((candidate) => candidate.tenant && candidate.tenant !== caller.tenant);

    // The control-character class first, while no rate limit has counted anything: every string of every body.
    const owner = callers[2]!;
    const controlHttp = profiles.flatMap((profile) =>
      profile.methods.flatMap((method) => {
        const schema = schemas.get(`${method.method} ${profile.route.path}`);
        return schema
          ? controlCharacterHttpCases(
              profile,
              method,
              TEMPLATES[schema.key]!(templateIds('A')),
              owner,
              pools.route,
              bffUrl,
            )
          : [];
      }),
    );
    const controlHttpMissed: string[] = [];
    const controlHttpResults: HttpResult[] = await inPool(controlHttp, runs.concurrency, async (request) => {
      const response = await fetch(`${bffUrl}${request.target}`, {
        method: request.method,
        headers: request.headers,
        body: request.body as string,
        redirect: 'manual',
      });
      const text = await response.text();
      if (response.status !== 400 || !namesField(text, request.field))
        controlHttpMissed.push(
          `${request.method} ${request.route}: ${request.made} → ${response.status} ${text.slice(0, 120)}`,
        );
      return {
        request,
        status: response.status,
        findings: judgeHttp(
          request,
          { status: response.status, contentType: response.headers.get('content-type') ?? '', text },
          catalogue,
        ),
      };
    });
    log(
      `${SECTION}: control characters: ${controlHttp.length} body strings on ${new Set(controlHttp.map((c) => `${c.method} ${c.route}`)).size} route methods, ${controlHttpMissed.length} not refused naming the field`,
    );

    const cases: HttpCase[] = [];
    const skipped = new Set<string>();
    for (const profile of profiles) {
      for (const method of profile.methods) {
        const where = `${method.method} ${profile.route.path}`;
        const schema = schemas.get(where);
        for (const caller of callers) {
          const inputs: RouteInputs = {
            schema: schema
              ? {
                  oracle: schema.oracle,
                  template: TEMPLATES[schema.key]!(templateIds(caller.tenant ?? 'A')),
                  limits: limitsOf.get(where)!,
                  limitBytes: schema.limitBytes,
                }
              : undefined,
            deviceOracle: method.deviceQueryFrom
              ? requireModule<{ deviceBody: Oracle }>(
                  resolve(dirname(join(repoRoot, profile.route.file)), method.deviceQueryFrom),
                ).deviceBody
              : undefined,
          };
          const made = httpCases(profile, method, caller, pools.route, inputs, bffUrl, otherOf(caller));
          if (made.kind === 'skipped') {
            skipped.add(where);
            log(`${SECTION}: left out: ${made.why}`);
            continue;
          }
          cases.push(
            ...fc.sample(made.arbitrary, { seed: seedFor(seed, `${where} ${caller.name}`), numRuns: runs.http }),
          );
        }
      }
    }
    const httpStarted = Date.now();
    const httpResults: HttpResult[] = [
      ...controlHttpResults,
      ...(await inPool(cases, runs.concurrency, (request) => sendHttpCase(bffUrl, request, catalogue))),
    ];
    const byStatus = new Map<number, number>();
    for (const result of httpResults) byStatus.set(result.status, (byStatus.get(result.status) ?? 0) + 1);
    log(
      `${SECTION}: ${httpResults.length} HTTP requests in ${((Date.now() - httpStarted) / 1000).toFixed(1)} s; answers ${[
        ...byStatus,
      ]
        .sort(([a], [b]) => a - b)
        .map(([code, n]) => `${code}×${n}`)
        .join(' ')}`,
    );

    // ---- gRPC ------------------------------------------------------------------------------------------------------
    const addresses: Record<string, string> = {
      identity: stack.info.identityGrpc!,
      catalog: stack.info.catalogGrpc!,
      ordering: stack.info.orderingGrpc!,
      payments: stack.info.paymentsGrpc!,
      ticketing: stack.info.ticketingGrpc!,
      notifications: stack.info.notificationsGrpc!,
    };
    const grpc = callableMethods(methods, addresses, callerKey, (path) => types.requestOf.get(path)!.split('#')[1]!);
    closeGrpc = grpc.close;
    const actors: GrpcActor[] = [
      { name: 'no actor' },
      { name: 'member of B', userId: tenants.B.owner.userId, tenant: 'B' },
      { name: 'owner of A', userId: tenants.A.owner.userId, tenant: 'A' },
    ];
    const grpcRecorded: Recorded[] = [];
    const grpcAnswered = new Set<string>();
    const unfuzzable: string[] = [];
    let notEncodable = 0;
    let grpcCalls = 0;
    let readsAccepted = 0;
    const undecodable = { calls: 0, internalFromDeserializer: 0 };
    const grpcStarted = Date.now();
    const controlGrpc = { calls: 0, missed: [] as string[] };
    for (const callable of grpc.methods) {
      const path = callable.method.path;
      const jobs: (() => Promise<void>)[] = [];
      // The control-character class: every string field of the request, on every run.
      for (const sample of controlCharacterGrpcCases(path, types)) {
        jobs.push(async () => {
          const answer = await callable.call(callable.request.fromPartial(sample.request), undefined);
          controlGrpc.calls += 1;
          grpcAnswered.add(path);
          if (answer.code !== 3 || !answer.violations.some((violation) => violation.field === sample.field))
            controlGrpc.missed.push(`${path}: ${sample.made} → ${answer.code} ${answer.details.slice(0, 80)}`);
          const findings = judgeGrpc(
            { read: isReadMethod(path), breakers: [sample.made], doc: types.docOf.get(path) },
            answer,
            catalogue,
          );
          grpcRecorded.push({
            where: path,
            caller: 'no actor',
            made: `control character: ${sample.made}`,
            answer: `${answer.code} ${answer.details}`.slice(0, 200),
            findings,
          });
        });
      }
      for (const actor of actors) {
        const made = grpcCases(path, { types, pools: pools.field, limits: nameLimits }, actor);
        if (made.kind === 'unfuzzable') {
          unfuzzable.push(made.why);
          continue;
        }
        for (const sample of fc.sample(made.arbitrary, {
          seed: seedFor(seed, `${path} ${actor.name}`),
          numRuns: runs.grpc,
        })) {
          let message: unknown;
          let bytes = 0;
          try {
            message = callable.request.fromPartial(sample.request);
            bytes = callable.request.encode(message).finish().byteLength;
          } catch {
            // A value protobuf cannot carry (a number past int32 for an int32 field): the raw-byte calls try those.
            notEncodable += 1;
            continue;
          }
          jobs.push(async () => {
            const sent = Date.now();
            const answer = await callable.call(message, actor.userId);
            const tookMs = Date.now() - sent;
            grpcCalls += 1;
            grpcAnswered.add(path);
            const read = isReadMethod(path);
            if (answer.code === 0 && sample.breakers.length === 0) readsAccepted += 1;
            const findings = judgeGrpc(
              { read, breakers: sample.breakers, doc: types.docOf.get(path) },
              answer,
              catalogue,
            );
            const made = `${sample.breakers.join('; ') || sample.made} (${bytes.toLocaleString('en-US')} bytes, answered in ${tookMs} ms)`;
            if (tookMs > 5_000) log(`${SECTION}: slow: ${path} as ${actor.name} took ${tookMs} ms: ${made}`);
            grpcRecorded.push({
              where: path,
              caller: actor.name,
              made,
              answer: `${answer.code} ${answer.details}`.slice(0, 200),
              findings,
            });
          });
        }
      }
      // Raw bytes go without an actor: the decoder runs before anything else, and bytes that happen to decode into a
      // valid request (a name "\ufffd(" for CreateOrganisation) must not be carried out for an organiser.
      for (const raw of fc.sample(rawRequestBytes, { seed: seedFor(seed, `${path} raw`), numRuns: runs.raw * 3 })) {
        for (const actor of [actors[0]!]) {
          jobs.push(async () => {
            const answer = await callable.callRaw(raw.bytes, actor.userId);
            undecodable.calls += 1;
            grpcAnswered.add(path);
            // grpc-js answers a request its deserializer cannot read itself, before any of our code runs.
            const fromDeserializer = answer.code === 13 && answer.details.startsWith('Error deserializing request');
            if (fromDeserializer) undecodable.internalFromDeserializer += 1;
            const findings = fromDeserializer
              ? []
              : judgeGrpc(
                  { read: isReadMethod(path), breakers: [raw.made], doc: types.docOf.get(path) },
                  answer,
                  catalogue,
                );
            grpcRecorded.push({
              where: path,
              caller: actor.name,
              made: `raw bytes: ${raw.made}`,
              answer: `${answer.code} ${answer.details}`.slice(0, 200),
              findings,
            });
          });
        }
      }
      await inPool(jobs, runs.concurrency, (job) => job());
    }
    const byCode = new Map<string, number>();
    for (const record of grpcRecorded)
      byCode.set(record.answer.split(' ')[0]!, (byCode.get(record.answer.split(' ')[0]!) ?? 0) + 1);
    log(
      `${SECTION}: gRPC status codes ${[...byCode]
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([code, n]) => `${code}×${n}`)
        .join(' ')}`,
    );
    log(
      `${SECTION}: ${grpcCalls} gRPC calls and ${undecodable.calls} raw-byte calls in ${((Date.now() - grpcStarted) / 1000).toFixed(1)} s (${notEncodable} generated requests protobuf could not encode, left to the raw-byte calls)`,
    );

    // ---- after -----------------------------------------------------------------------------------------------------
    const after = await quietState(readState, { timeoutMs: 60_000 });
    const changed = changedTables(before.digest, after.digest);
    const published = messagesPublished(before.streams, after.streams);

    // ---- figures -------------------------------------------------------------------------------------------------
    const httpRecorded: Recorded[] = httpResults.map((result) => ({
      where: `${result.request.method} ${result.request.route}`,
      caller: result.request.caller,
      made: `${result.request.method} ${result.request.target.slice(0, 200)} — ${result.request.made}`.slice(0, 600),
      answer: String(result.status),
      findings: result.findings,
    }));
    const count = (records: Recorded[], kind: Finding['kind']) =>
      records.filter((record) => record.findings.some((finding) => finding.kind === kind));
    const noteOf = (records: Recorded[]) =>
      records
        .slice(0, 5)
        .map(
          (record) =>
            `${record.where} as ${record.caller}: ${record.findings.map((f) => f.what).join('; ')} — ${record.made}`,
        )
        .join(' | ');
    const routeMethods = profiles.reduce((n, profile) => n + profile.methods.length, 0);
    const fuzzedRouteMethods = new Set(httpResults.map((result) => `${result.request.method} ${result.request.route}`));
    const httpValid = httpResults.filter(
      (result) => result.request.refusedBecause.length === 0 && result.status >= 200 && result.status < 300,
    ).length;
    const all = [...httpRecorded, ...grpcRecorded];
    const figures: VerifyFigure[] = [
      mustEqual(
        SECTION,
        'BFF route methods fuzzed (all that bffRoutes() finds)',
        fuzzedRouteMethods.size,
        routeMethods,
        `not fuzzed: ${profiles
          .flatMap((p) => p.methods.map((m) => `${m.method} ${p.route.path}`))
          .filter((where) => !fuzzedRouteMethods.has(where))
          .join(', ')}`,
      ),
      mustEqual(
        SECTION,
        'gRPC methods fuzzed (all that grpcMethods() finds)',
        grpcAnswered.size,
        methods.length,
        `not fuzzed: ${[...methods.map((m) => m.path).filter((path) => !grpcAnswered.has(path)), ...unfuzzable].join(', ')}`,
      ),
      mustBeAtLeast(SECTION, 'HTTP requests sent', httpResults.length, routeMethods * 2 * runs.http),
      mustBeAtLeast(SECTION, 'gRPC calls made (typed requests)', grpcCalls, methods.length * 2 * runs.grpc),
      mustEqual(
        SECTION,
        'route methods left out for signed-in callers (DELETE /api/_auth/session would sign the fuzzer out)',
        skipped.size,
        1,
        `left out: ${[...skipped].join(', ')}`,
      ),
      mustBeZero(
        SECTION,
        'HTTP 5xx answers (or no answer)',
        count(httpRecorded, '5xx').length,
        noteOf(count(httpRecorded, '5xx')),
      ),
      mustBeZero(
        SECTION,
        'HTTP writes answered 2xx to input they must refuse',
        count(httpRecorded, 'accepted').length,
        noteOf(count(httpRecorded, 'accepted')),
      ),
      mustBeZero(
        SECTION,
        "4xx messages neither the spec's nor in the code",
        count(httpRecorded, 'unknown message').length,
        noteOf(count(httpRecorded, 'unknown message')),
      ),
      mustBeZero(
        SECTION,
        'gRPC answers INTERNAL, UNKNOWN, DATA_LOSS or UNIMPLEMENTED',
        count(grpcRecorded, 'grpc status').length,
        noteOf(count(grpcRecorded, 'grpc status')),
      ),
      mustBeZero(
        SECTION,
        'gRPC calls unanswered (DEADLINE_EXCEEDED, UNAVAILABLE after 20 s or a refused stream)',
        count(grpcRecorded, 'unanswered').length,
        noteOf(count(grpcRecorded, 'unanswered')),
      ),
      mustBeZero(
        SECTION,
        'gRPC writes answered OK to input they must refuse',
        count(grpcRecorded, 'accepted').length,
        noteOf(count(grpcRecorded, 'accepted')),
      ),
      mustBeZero(
        SECTION,
        "gRPC refusal messages neither the spec's nor in the code",
        count(grpcRecorded, 'unknown message').length,
        noteOf(count(grpcRecorded, 'unknown message')),
      ),
      mustBeZero(
        SECTION,
        'answers showing internals (stack, file path, SQL, JS error)',
        count(all, 'internals').length,
        noteOf(count(all, 'internals')),
      ),
      mustBeZero(
        SECTION,
        `database tables changed (of ${before.digest.size} in 6 databases)`,
        changed.length,
        `${changed.join(', ')}${after.quiet ? '' : ' (still changing at the end)'}`,
      ),
      mustBeZero(SECTION, 'events published during the fuzzing', published),
      mustBeAtLeast(
        SECTION,
        'valid reads answered 2xx / OK (HTTP GET, gRPC reads without a breaker)',
        httpValid + readsAccepted,
        1,
      ),
      mustBeAtLeast(
        SECTION,
        'control characters: string fields of gRPC requests tried (every one, every run)',
        controlGrpc.calls,
        methods.length,
      ),
      mustBeAtLeast(
        SECTION,
        'control characters: strings of BFF bodies tried (every one, every run)',
        controlHttp.length,
        schemas.size,
      ),
      mustBeZero(
        SECTION,
        'control characters: not refused with the field named (INVALID_ARGUMENT / 400)',
        controlGrpc.missed.length + controlHttpMissed.length,
        [...controlGrpc.missed, ...controlHttpMissed].slice(0, 4).join(' | ') || undefined,
      ),
      mustBeZero(
        SECTION,
        'undecodable request bytes answered INTERNAL by grpc-js before any handler',
        undecodable.internalFromDeserializer,
        'grpc-js answers INTERNAL "Error deserializing request" when the ts-proto decoder throws; the platform server could catch it and answer INVALID_ARGUMENT',
      ),
    ];

    mkdirSync(FIGURES_DIR, { recursive: true });
    const findings = all.filter((record) => record.findings.length > 0);
    writeFileSync(
      join(FIGURES_DIR, 'bad-input-findings.json'),
      JSON.stringify({ seed, size, changed, published, skipped: [...skipped], unfuzzable, findings }, null, 2),
    );
    for (const record of findings.slice(0, 40))
      log(
        `${SECTION}: FINDING ${record.where} as ${record.caller}: ${record.findings.map((f) => `[${f.kind}] ${f.what}`).join('; ')} — ${record.made}`,
      );
    if (findings.length > 40)
      log(`${SECTION}: … ${findings.length - 40} more in .artifacts/verify/bad-input-findings.json`);
    return figures;
  } finally {
    closeGrpc();
    await stack.stop();
  }
}

export const badInputSection: VerifySection = { name: SECTION, run: runBadInput };
