// Sign-in by e-mailed code under attack, through the BFF as a browser calls it:
// - brute force: many addresses (some with accounts, the first "the real owner") × many client addresses, each
//   address asked for as many codes as its limit allows and every code guessed until identity refuses; no guess
//   may succeed, identity may compare at most its daily budget of wrong codes per address, and afterwards every
//   owner asks for a code from home and signs in (not locked out), with their earlier session untouched;
// - enumeration: every answer of that attack, by step, must look the same for an address with an account as for
//   one without (status, body, Retry-After, cookies set); and the medians of the answer times must be close.
// The guesses skip every code that was really e-mailed to the address: a correct server then accepts none, so a
// success can only be a defect, never the one-in-a-million lucky draw that would make the run flaky. How many
// guesses identity compares is a figure of its own; that number is what bounds a real attacker's luck.
import { randomInt } from 'node:crypto';
import { codeFrom, messagesTo, waitForMessagesTo } from '@kassa/testing/mail';
import { mustBeAtMost, mustBeZero, mustEqual, type VerifyFigure } from '../figures';
import { Browser, clientAddress, type HttpAnswer, inPool, okBody } from './http';
import type { AbuseSizes } from './sizes';
import { compareTimings, oneDecimal, type TimingComparison } from './stats';

const SECTION = 'abuse';

export interface SignInPlatform {
  bffUrl: string;
  mailInboxUrl: string;
}

/** identity's DAILY_FAILURE_BUDGET: wrong codes compared per address in 24 hours (services/identity/src/domain/sign-in-policy.ts). */
export const DAILY_FAILURE_BUDGET = 20;

/** Client address groups (the second octet): who is who in identity's records and the rate limits. */
const GROUP = { owners: 1, attackers: 2, timingHomes: 3, timing: 4, warmUp: 5 } as const;

const uniqueTag = () => `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;

/** Signs up from `ip` and answers the browser, signed in. */
export async function signUpFrom(platform: SignInPlatform, email: string, ip: string): Promise<Browser> {
  const browser = new Browser(platform.bffUrl, ip);
  const before = (await messagesTo(platform.mailInboxUrl, email)).length;
  okBody(
    await browser.call('POST', '/api/_auth/sign-in-code', {
      body: { email, purpose: 'sign-up', locale: 'en', displayName: 'Owner' },
    }),
    `sign-up code for ${email}`,
  );
  const [latest] = await waitForMessagesTo(platform.mailInboxUrl, email, before + 1);
  okBody(await browser.call('POST', '/api/_auth/verify', { body: { code: codeFrom(latest!) } }), `verify for ${email}`);
  return browser;
}

/** Asks for a code from `ip` and signs in with the code from the inbox: the answer of the verification. */
async function signInFrom(
  platform: SignInPlatform,
  email: string,
  ip: string,
): Promise<{ requested: HttpAnswer; verified?: HttpAnswer }> {
  const browser = new Browser(platform.bffUrl, ip);
  const before = (await messagesTo(platform.mailInboxUrl, email)).length;
  const requested = await browser.call('POST', '/api/_auth/sign-in-code', {
    body: { email, purpose: 'sign-in', locale: 'en' },
  });
  if (requested.status !== 200) return { requested };
  const [latest] = await waitForMessagesTo(platform.mailInboxUrl, email, before + 1);
  return {
    requested,
    verified: await browser.call('POST', '/api/_auth/verify', { body: { code: codeFrom(latest!) } }),
  };
}

/**
 * What an answer shows an attacker, with what differs between any two requests anyway (dates, seconds left in a
 * window, cookie values) taken out: status, body, Retry-After present, names of the cookies set.
 */
export function answerShape(answer: HttpAnswer): string {
  const body = answer.text
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '<date>')
    .replace(/("retryAfterSeconds":)\d+/g, '$1<n>');
  const cookies = answer.headers
    .getSetCookie()
    .map((line) => line.split('=')[0]!.trim())
    .sort()
    .join(',');
  return `${answer.status} ${body} retry-after:${answer.headers.has('retry-after')} cookies:${cookies}`;
}

/** Per step of an attack, the answer shapes seen for addresses with and without an account. */
export class ShapeBook {
  private readonly steps = new Map<string, { existing: Set<string>; unknown: Set<string> }>();

  add(step: string, existing: boolean, answer: HttpAnswer): void {
    const entry = this.steps.get(step) ?? { existing: new Set(), unknown: new Set() };
    this.steps.set(step, entry);
    (existing ? entry.existing : entry.unknown).add(answerShape(answer));
  }

  /** Steps whose answers differ between the two kinds, each with what was seen. */
  differences(): string[] {
    const key = (shapes: Set<string>) => [...shapes].sort().join(' | ');
    return [...this.steps]
      .filter(([, { existing, unknown }]) => key(existing) !== key(unknown))
      .map(([step, { existing, unknown }]) => `${step}: with account ${key(existing)}; without ${key(unknown)}`);
  }

  get size(): number {
    return this.steps.size;
  }
}

function wrongGuess(realCodes: ReadonlySet<string>): string {
  for (;;) {
    const guess = String(randomInt(1_000_000)).padStart(6, '0');
    if (!realCodes.has(guess)) return guess;
  }
}

interface Target {
  email: string;
  existing: boolean;
  /** Where its owner signs in from (an address that never attacks). */
  home: string;
  /** The owner's signed-in browser (accounts only). */
  owner?: Browser;
}

/** Accounts signed up from home, and as many unknown addresses with one code asked for from home, never used. */
async function prepareTargets(
  platform: SignInPlatform,
  label: string,
  count: number,
  existing: number,
  homeGroup: number,
  log: (line: string) => void,
): Promise<Target[]> {
  const tag = uniqueTag();
  const targets: Target[] = Array.from({ length: count }, (_, i) => ({
    email: `${label}-${i < existing ? 'owner' : 'nobody'}-${i}-${tag}@example.test`,
    existing: i < existing,
    home: clientAddress(homeGroup, i + 1),
  }));
  await inPool(targets, 4, async (target) => {
    if (target.existing) {
      target.owner = await signUpFrom(platform, target.email, target.home);
    } else {
      // The same history as an owner's sign-up (one code asked for at this address), so that the per-address
      // limits start from the same count for both kinds and any difference the attacker sees is the server's.
      okBody(
        await new Browser(platform.bffUrl, target.home).call('POST', '/api/_auth/sign-in-code', {
          body: { email: target.email, purpose: 'sign-up', locale: 'en', displayName: 'Someone' },
        }),
        'code request',
      );
      await waitForMessagesTo(platform.mailInboxUrl, target.email, 1);
    }
  });
  log(`sign-in: ${existing} accounts and ${count - existing} addresses without one prepared`);
  return targets;
}

export async function signInBruteForce(
  platform: SignInPlatform,
  sizes: AbuseSizes['signIn'],
  log: (line: string) => void,
): Promise<VerifyFigure[]> {
  const targets = await prepareTargets(platform, 'brute', sizes.addresses, sizes.existing, GROUP.owners, log);
  const shapes = new ShapeBook();
  const challenges = new Map<string, Browser[]>();
  let codeRequests = 0;
  let codeRequestsRefused = 0;
  let unexpected = 0;
  let tooManyWithoutRetryAfter = 0;
  const tally = (answer: HttpAnswer, allowed: number[]) => {
    if (!allowed.includes(answer.status)) unexpected++;
    if (answer.status === 429 && !answer.headers.get('retry-after')) tooManyWithoutRetryAfter++;
  };

  // 1. Codes: every address as often as its limit allows and once more, each request from the next attacker address.
  await inPool(targets, 8, async (target, a) => {
    const own: Browser[] = [];
    for (let round = 0; round < sizes.rounds; round++) {
      const attacker = new Browser(
        platform.bffUrl,
        clientAddress(GROUP.attackers, ((a * sizes.rounds + round) % sizes.attackerIps) + 1),
      );
      const answer = await attacker.call('POST', '/api/_auth/sign-in-code', {
        body: { email: target.email, purpose: 'sign-in', locale: 'en' },
      });
      codeRequests++;
      shapes.add(`code request ${round + 1}`, target.existing, answer);
      tally(answer, [200, 429]);
      if (answer.status === 200) own.push(attacker);
      else if (answer.status === 429) codeRequestsRefused++;
    }
    challenges.set(target.email, own);
  });

  // 2. The codes that really went out, so that no guess is one of them (see the top of this file).
  const realCodes = new Map<string, Set<string>>();
  await inPool(targets, 8, async (target) => {
    const expected = 1 + challenges.get(target.email)!.length;
    const messages = await waitForMessagesTo(platform.mailInboxUrl, target.email, expected, 60_000);
    realCodes.set(target.email, new Set(messages.map((message) => codeFrom(message))));
  });

  // 3. Guesses: each challenge until identity stops comparing, and once more.
  let guesses = 0;
  let successes = 0;
  const compared = new Map<string, number>();
  await inPool(targets, 8, async (target) => {
    for (const [c, attacker] of challenges.get(target.email)!.entries()) {
      for (let g = 0; g < sizes.guessesPerChallenge; g++) {
        const answer = await attacker.call('POST', '/api/_auth/verify', {
          body: { code: wrongGuess(realCodes.get(target.email)!) },
        });
        guesses++;
        shapes.add(`guess ${g + 1} on challenge ${c + 1}`, target.existing, answer);
        tally(answer, [401, 429]);
        if (answer.status === 200) successes++;
        if (answer.status === 401) compared.set(target.email, (compared.get(target.email) ?? 0) + 1);
      }
    }
  });
  const mostCompared = Math.max(0, ...compared.values());
  log(
    `sign-in: ${codeRequests} code requests (${codeRequestsRefused} refused), ${guesses} guesses, at most ${mostCompared} compared per address`,
  );

  // 4. The owners, from home: their sessions still work, and a new code signs them in.
  const owners = targets.filter((target) => target.existing);
  let sessionsEnded = 0;
  let signedIn = 0;
  const ownerFailures: string[] = [];
  for (const owner of owners) {
    const session = await owner.owner!.call('GET', '/api/_auth/session');
    if (session.status !== 200 || (session.body as { user?: unknown } | null)?.user === undefined) sessionsEnded++;
    const { requested, verified } = await signInFrom(platform, owner.email, owner.home);
    if (verified?.status === 200) signedIn++;
    else
      ownerFailures.push(
        `${owner.email}: code request ${requested.status}${verified ? `, verification ${verified.status} ${verified.text.slice(0, 120)}` : ` ${requested.text.slice(0, 120)}`}`,
      );
  }
  const differences = shapes.differences();
  for (const line of [...ownerFailures, ...differences]) log(`sign-in: ${line}`);

  const addressesWithoutCode = targets.filter((target) => challenges.get(target.email)!.length === 0).length;
  return [
    // Without a code to guess at, the rest would prove nothing: the attack must have got some for every address.
    mustBeZero(
      SECTION,
      `sign-in brute force: addresses the attack got no code for (${guesses.toLocaleString('en-US')} guesses sent)`,
      addressesWithoutCode,
    ),
    mustBeZero(SECTION, 'sign-in brute force: successful guesses', successes),
    mustBeAtMost(
      SECTION,
      'sign-in brute force: wrong codes compared for one address, most',
      mostCompared,
      DAILY_FAILURE_BUDGET,
      'identity compares at most its daily failure budget per address; later guesses are refused unseen',
    ),
    mustEqual(
      SECTION,
      'sign-in brute force: code requests past the per-address limit refused (429)',
      codeRequestsRefused,
      targets.length,
      'one request per address beyond SEND_LIMIT_PER_ADDRESS',
    ),
    mustBeZero(SECTION, 'sign-in brute force: answers other than 200, 401 or 429', unexpected),
    mustBeZero(SECTION, 'sign-in brute force: 429 answers without Retry-After', tooManyWithoutRetryAfter),
    mustEqual(
      SECTION,
      'sign-in brute force: real owners signed in from home after the attack',
      signedIn,
      owners.length,
      ownerFailures.join('; ') || undefined,
    ),
    mustBeZero(SECTION, "sign-in brute force: owners' sessions ended by the attack", sessionsEnded),
    mustBeZero(
      SECTION,
      'sign-in enumeration: attack steps answered differently with and without an account',
      differences.length,
      differences.slice(0, 3).join('; ') || undefined,
    ),
  ];
}

/**
 * The most the medians may differ between addresses with and without an account: 10 ms, or a fifth of the faster
 * median when that is more. Work done for one kind only shows far above it (a password hash, an e-mail sent inside
 * the request, a second round trip to a loaded database: tens of milliseconds); below it lies what two samples of
 * the same kind differ by on two cores shared with other jobs (a few ms around medians of ~50 ms here), and an
 * attacker behind the Internet's jitter could not tell the kinds apart within the per-address and per-IP limits.
 */
export function timingLimitMs(comparison: TimingComparison): number {
  return oneDecimal(Math.max(10, 0.2 * Math.min(comparison.medianA, comparison.medianB)));
}

export async function signInTiming(
  platform: SignInPlatform,
  sizes: AbuseSizes['signIn'],
  log: (line: string) => void,
): Promise<VerifyFigure[]> {
  const count = sizes.timingAddresses;
  const targets = await prepareTargets(platform, 'timing', count * 2, count, GROUP.timingHomes, log);
  const existing = targets.filter((target) => target.existing);
  const unknown = targets.filter((target) => !target.existing);
  // Warm the paths up (connections, caches, JIT) on addresses that are not measured.
  for (let i = 0; i < 6; i++) {
    const browser = new Browser(platform.bffUrl, clientAddress(GROUP.warmUp, i + 1));
    await browser.call('POST', '/api/_auth/sign-in-code', {
      body: { email: `warm-${i}-${uniqueTag()}@example.test`, purpose: 'sign-in', locale: 'en' },
    });
    await browser.call('POST', '/api/_auth/verify', { body: { code: '000000' } });
  }
  const times = {
    request: { existing: [] as number[], unknown: [] as number[] },
    verify: { existing: [] as number[], unknown: [] as number[] },
  };
  let unexpected = 0;
  let next = 1;
  // Four rounds: the per-address limit's five minus the code each address already had. One at a time, the two kinds
  // alternating (and which goes first alternating too), each request from its own address (the per-IP limit).
  for (let round = 0; round < 4; round++) {
    for (let i = 0; i < count; i++) {
      const pair = (round + i) % 2 === 0 ? [existing[i]!, unknown[i]!] : [unknown[i]!, existing[i]!];
      for (const target of pair) {
        const kind = target.existing ? 'existing' : 'unknown';
        const browser = new Browser(platform.bffUrl, clientAddress(GROUP.timing, next++));
        const requested = await browser.call('POST', '/api/_auth/sign-in-code', {
          body: { email: target.email, purpose: 'sign-in', locale: 'en' },
        });
        const verified = await browser.call('POST', '/api/_auth/verify', { body: { code: '000001' } });
        if (requested.status !== 200 || verified.status !== 401) unexpected++;
        times.request[kind].push(requested.ms);
        times.verify[kind].push(verified.ms);
      }
    }
  }
  const request = compareTimings(times.request.existing, times.request.unknown);
  const verify = compareTimings(times.verify.existing, times.verify.unknown);
  const describe = (what: string, c: typeof request) =>
    `${what}: median ${oneDecimal(c.medianA)} ms with an account, ${oneDecimal(c.medianB)} ms without (${times.request.existing.length} pairs), difference ${oneDecimal(c.differenceMs)} ms (${Math.round(c.relative * 100)} %), median of the paired differences ${oneDecimal(c.pairedMs)} ms`;
  log(`sign-in timing: ${describe('code request', request)}`);
  log(`sign-in timing: ${describe('wrong code', verify)}`);
  return [
    mustBeZero(SECTION, 'sign-in enumeration: timed requests answered other than 200 / 401', unexpected),
    mustBeAtMost(
      SECTION,
      'sign-in enumeration: code request, time with − without an account, median of pairs (ms)',
      oneDecimal(request.pairedMs),
      timingLimitMs(request),
      describe('code request', request),
    ),
    mustBeAtMost(
      SECTION,
      'sign-in enumeration: wrong code, time with − without an account, median of pairs (ms)',
      oneDecimal(verify.pairedMs),
      timingLimitMs(verify),
      describe('wrong code', verify),
    ),
  ];
}
