import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { keySetting } from '../config/key-setting';
import { parseKey } from '../crypto';

// Services believe the actor a call names (kassa-actor-user-id) only when the call also proves who made it: a MAC over
// the caller's name, the method (whose package names the target service), the actor, the time and the SHA-256 of the
// request's bytes, under a key only that caller and that target hold. Each workload has its own secret; the key for
// one target is derived from it (pairKey), and the target is given only that derived key. So a compromised pod can
// sign as itself only, can verify calls to itself only, and a credential is good for one request body, one method of
// one service and a few minutes. docs/ARCHITECTURE.md, "Caller credentials", explains the choice.

/** The metadata that carries the credential: `v2.<caller>.<issuedAt unix seconds>.<base64url HMAC-SHA256>`. */
export const CALLER_HEADER = 'kassa-caller';
/** How far a credential's time may be from the server's clock, either way (clock skew between pods). */
export const CALLER_SKEW_SECONDS = 300;

/** Every workload that makes or answers gRPC calls: the BFF and the six services. */
export const WORKLOADS = ['bff', 'identity', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications'] as const;
export type Workload = (typeof WORKLOADS)[number];
const isWorkload = (name: string): name is Workload => (WORKLOADS as readonly string[]).includes(name);

/** What a client signs with: its own name and its own secret (32 bytes). */
export interface CallerKey {
  workload: Workload;
  secret: Buffer;
}

/** What a server checks with: for each caller it accepts, the key(s) that caller derives for this server. */
export type CallerVerifiers = ReadonlyMap<Workload, readonly Buffer[]>;

export type CallerVerdict = 'ok' | 'missing' | 'malformed' | 'invalid' | 'expired';

const VERSION = 'v2';
// HMAC-SHA256 is 32 bytes: 43 characters of unpadded base64url.
const CREDENTIAL_PATTERN = /^v2\.([a-z]{1,20})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The workload a method belongs to, from its package (`/kassa.ordering.v1.OrderService/Checkout` → ordering). */
export function targetOfMethod(methodPath: string): Workload | undefined {
  const name = /^\/kassa\.([a-z]+)\.v\d+\./.exec(methodPath)?.[1];
  return name !== undefined && isWorkload(name) ? name : undefined;
}

/** The key `caller` (holding `secret`) and `target` share; only the caller can derive it, the target is given it. */
export function pairKey(secret: Buffer, target: Workload): Buffer {
  return createHmac('sha256', secret).update(`kassa-caller-${VERSION}\n${target}`).digest();
}

/** pairKey of a caller's secret for each target, derived once per client process rather than once per call. */
const derivedPairKeys = new WeakMap<Buffer, Map<Workload, Buffer>>();
function cachedPairKey(secret: Buffer, target: Workload): Buffer {
  let byTarget = derivedPairKeys.get(secret);
  if (!byTarget) derivedPairKeys.set(secret, (byTarget = new Map()));
  let key = byTarget.get(target);
  if (!key) byTarget.set(target, (key = pairKey(secret, target)));
  return key;
}

/** SHA-256 of the request's bytes as they travel: what the credential binds the call's body by. */
export function requestDigest(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

function mac(
  key: Buffer,
  caller: Workload,
  methodPath: string,
  actorUserId: string,
  issuedAt: number,
  digest: Buffer,
): Buffer {
  return createHmac('sha256', key)
    .update(`${VERSION}\n${caller}\n${methodPath}\n${actorUserId}\n${issuedAt}\n${digest.toString('hex')}`)
    .digest();
}

/**
 * The credential for one call of `methodPath` (e.g. /kassa.identity.v1.IdentityService/GetSession) acting for
 * `actorUserId` ('' when anonymous) with the request bytes whose digest is `digest` (requestDigest).
 */
export function signCall(
  key: CallerKey,
  methodPath: string,
  actorUserId: string | undefined,
  digest: Buffer,
  nowMs: number = Date.now(),
): string {
  const target = targetOfMethod(methodPath);
  if (!target) throw new Error(`${methodPath} belongs to no Kassa workload: no caller credential can be made for it`);
  const issuedAt = Math.floor(nowMs / 1000);
  return `${VERSION}.${key.workload}.${issuedAt}.${mac(cachedPairKey(key.secret, target), key.workload, methodPath, actorUserId ?? '', issuedAt, digest).toString('base64url')}`;
}

export interface CallerCheck {
  verdict: CallerVerdict;
  /** Who made the call, once the credential is genuine. */
  caller?: Workload;
}

/**
 * Whether `credential` was made by a caller this server accepts (one of `verifiers`) for this method, actor and
 * request digest, within CALLER_SKEW_SECONDS of now. The MAC is checked before the time, so 'expired' means a genuine
 * credential from a clock that is off (or a replay), never a forgery.
 */
export function verifyCall(
  verifiers: CallerVerifiers,
  methodPath: string,
  actorUserId: string | undefined,
  digest: Buffer,
  credential: string | undefined,
  nowMs: number = Date.now(),
): CallerCheck {
  if (credential === undefined || credential === '') return { verdict: 'missing' };
  const parts = CREDENTIAL_PATTERN.exec(credential);
  if (!parts || !isWorkload(parts[1]!)) return { verdict: 'malformed' };
  const caller = parts[1];
  const issuedAt = Number(parts[2]);
  const given = Buffer.from(parts[3]!, 'base64url');
  const keys = verifiers.get(caller) ?? [];
  const genuine = keys.some((key) =>
    timingSafeEqual(mac(key, caller, methodPath, actorUserId ?? '', issuedAt, digest), given),
  );
  if (!genuine) return { verdict: 'invalid' };
  return { verdict: Math.abs(Math.floor(nowMs / 1000) - issuedAt) <= CALLER_SKEW_SECONDS ? 'ok' : 'expired', caller };
}

// ---- configuration ---------------------------------------------------------------------------------------------

/** `bff=<base64url>,payments=<base64url>,…`: a caller may appear twice while its secret is rotated. */
const verifierList = z
  .string()
  .refine(
    (value) => parseVerifiers(value) !== undefined,
    'must be a comma-separated list of <workload>=<base64url of 32 bytes>',
  );

/** The settings every service reads (spread into its loadConfig extras); docs/OPERATIONS.md explains them and the rotation. */
export const CALLER_KEY_SETTINGS = {
  /** This workload's own secret (base64url of 32 bytes): signs every call it makes. Never given to another workload. */
  KASSA_CALLER_SECRET: keySetting.optional(),
  /** The keys this workload accepts calls with: each caller's secret derived for this workload (pairKey). */
  KASSA_CALLER_VERIFIERS: verifierList.optional(),
  /**
   * Development and tests only (refused in production): one root from which every workload's secret is derived, so
   * that a machine running every process from one environment file still gives each its own key.
   */
  KASSA_CALLER_KEY: keySetting.optional(),
};

export interface CallerKeyConfig {
  serviceName: string;
  environment: string;
  KASSA_CALLER_SECRET?: string;
  KASSA_CALLER_VERIFIERS?: string;
  KASSA_CALLER_KEY?: string;
}

function parseVerifiers(text: string): Map<Workload, Buffer[]> | undefined {
  const verifiers = new Map<Workload, Buffer[]>();
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    const [name, key] = entry.split('=');
    if (name === undefined || key === undefined || !isWorkload(name)) return undefined;
    try {
      verifiers.set(name, [...(verifiers.get(name) ?? []), parseKey(key)]);
    } catch {
      return undefined;
    }
  }
  return verifiers.size > 0 ? verifiers : undefined;
}

/** The secret a workload derives from the development root (KASSA_CALLER_KEY). */
export function rootDerivedSecret(root: Buffer, workload: Workload): Buffer {
  return createHmac('sha256', root).update(`kassa-caller-secret-${VERSION}\n${workload}`).digest();
}

/** The caller key of `workload` under the development root: what tests, benchmarks and `npm run up`'s scripts sign with. */
export function callerKeyFromRoot(root: Buffer | string, workload: Workload = 'bff'): CallerKey {
  return { workload, secret: rootDerivedSecret(typeof root === 'string' ? parseKey(root) : root, workload) };
}

/** What `target` accepts under the development root: every workload's pair key for it. */
export function verifiersFromRoot(root: Buffer | string, target: Workload): CallerVerifiers {
  const rootKey = typeof root === 'string' ? parseKey(root) : root;
  return new Map(WORKLOADS.map((caller) => [caller, [pairKey(rootDerivedSecret(rootKey, caller), target)]]));
}

/** The `KASSA_CALLER_VERIFIERS` text that accepts `callers`' secrets at `target` (install.sh makes the same). */
export function verifiersText(target: Workload, callers: readonly CallerKey[]): string {
  return callers
    .map((caller) => `${caller.workload}=${pairKey(caller.secret, target).toString('base64url')}`)
    .join(',');
}

function workloadOf(config: CallerKeyConfig): Workload {
  if (!isWorkload(config.serviceName)) throw new Error(`${config.serviceName} is no workload of WORKLOADS`);
  return config.serviceName;
}

function rootOf(config: CallerKeyConfig, wants: string): Buffer {
  if (config.KASSA_CALLER_KEY === undefined)
    throw new Error(`Invalid configuration for ${config.serviceName}: ${wants} is required`);
  if (config.environment === 'production') {
    throw new Error(
      `Invalid configuration for ${config.serviceName}: KASSA_CALLER_KEY derives every workload's key and is refused in production; give ${wants}`,
    );
  }
  return parseKey(config.KASSA_CALLER_KEY);
}

/** The key this workload signs its calls with. */
export function callerKeyOf(config: CallerKeyConfig): CallerKey {
  const workload = workloadOf(config);
  if (config.KASSA_CALLER_SECRET !== undefined) return { workload, secret: parseKey(config.KASSA_CALLER_SECRET) };
  return callerKeyFromRoot(rootOf(config, 'KASSA_CALLER_SECRET'), workload);
}

/** The keys this workload accepts calls with. */
export function callerVerifiersOf(config: CallerKeyConfig): CallerVerifiers {
  const workload = workloadOf(config);
  if (config.KASSA_CALLER_VERIFIERS !== undefined) return parseVerifiers(config.KASSA_CALLER_VERIFIERS)!;
  return verifiersFromRoot(rootOf(config, 'KASSA_CALLER_VERIFIERS'), workload);
}
