// What the buyers of the load run do, planned up front from a seed: a list of journeys (one buyer's visit to the
// shop), each of a kind, shuffled so that every kind happens throughout the run, with enough of each in the opening
// rush (while there are still tickets) that every path is taken. Pure: no I/O, so the plan is unit-tested.

/**
 * - pay: checks out, pays, follows the order page until it is paid.
 * - pay-twice: as pay, with Pay double-clicked (the same attempt paid twice at once).
 * - decline: the payment is declined; the guest gives up and the hold runs out.
 * - decline-retry: declined, then Retry payment on the order page, and paid.
 * - abandon: checks out and never pays (half of them press the demo page's Abandon); the hold runs out.
 * - double-click: the checkout button double-clicked: the same request (same idempotency key) twice at once.
 * - two-tab: one guest (one e-mail) checks out in two tabs at once and pays both orders.
 * - two-attempts: one order paid in two tabs: a second payment attempt (Retry payment) while the first is open,
 *   both paid; the second payment is a duplicate that must be refunded.
 * - late: checks out, opens the payment, and presses Pay around the moment the hold ends.
 */
export const JOURNEY_KINDS = [
  'pay',
  'pay-twice',
  'decline',
  'decline-retry',
  'abandon',
  'double-click',
  'two-tab',
  'two-attempts',
  'late',
] as const;
export type JourneyKind = (typeof JOURNEY_KINDS)[number];

export type MixShares = Record<JourneyKind, number>;

export const DEFAULT_SHARES: MixShares = {
  pay: 0.38,
  'pay-twice': 0.05,
  decline: 0.08,
  'decline-retry': 0.07,
  abandon: 0.12,
  'double-click': 0.1,
  'two-tab': 0.08,
  'two-attempts': 0.04,
  late: 0.08,
};

/** Checkout requests a journey of this kind sends (double-click and two tabs send two). */
export const checkoutsOf = (kind: JourneyKind): number => (kind === 'double-click' || kind === 'two-tab' ? 2 : 1);

/**
 * When a late payer presses Pay, relative to the end of its order's hold (ms). The moment the hold ends is a race
 * between ordering's expiry, payments closing the attempt (tens of ms later) and the guest's click: offsets on both
 * sides of it, most of them just after it, and one plainly late (the attempt is closed by then and must take no
 * money). Half the late payers hold two of the tickets everybody wants: a re-reservation fails as soon as another
 * buyer took one of the two released. The other half hold one ticket of a second item that nobody else buys (when the
 * shop has one): its re-reservation finds the ticket still there. So both outcomes of a late payment happen.
 */
export const LATE_PAY_OFFSETS_MS = [-80, -10, 0, 5, 10, 15, 20, 27, 35, 45, 60, 85, 120, 160, 3_000] as const;

export interface PlannedJourney {
  index: number;
  buyer: number;
  kind: JourneyKind;
  /** Tickets per order. */
  quantity: 1 | 2;
  /** Not started before this many ms after the run's start (the rush starts at 0, the rest trickle in). */
  notBeforeMs: number;
  /** late: when to press Pay relative to the hold's end. */
  payOffsetMs?: number;
  /** late: buys the shop's quiet item (one nobody else buys) rather than the one of the rush. */
  quietItem?: boolean;
}

export interface PlanOptions {
  /** Checkout requests in all (the plan's journeys send exactly this many). */
  attempts: number;
  buyers: number;
  seed: number;
  shares?: Partial<MixShares>;
  /** Journeys in the opening rush that must hold at least `minPerKindInFront` of every kind (or `frontMinimums` of one). */
  frontJourneys?: number;
  minPerKindInFront?: number;
  frontMinimums?: Partial<Record<JourneyKind, number>>;
  /** Share of journeys that start at once (the rush); the rest start evenly from `trickleFromMs` to `spreadMs`. */
  rushShare?: number;
  trickleFromMs?: number;
  spreadMs?: number;
  /**
   * Kinds kept to the rush (moved ahead of the trickle): those that leave a hold to run out (decline, abandon, late),
   * so that the run ends one hold after the rush rather than one hold after the trickle.
   */
  rushOnlyKinds?: readonly JourneyKind[];
  /** Share of orders of two tickets (default 0.2). */
  pairShare?: number;
}

/** A small deterministic PRNG (mulberry32): the same seed plans the same run. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The journeys of one run: exactly `attempts` checkout requests, every buyer at least once (when there are enough journeys). */
export function planJourneys(options: PlanOptions): PlannedJourney[] {
  const { attempts, buyers, seed } = options;
  if (!Number.isInteger(attempts) || attempts < 1) throw new Error('attempts must be a positive integer');
  if (!Number.isInteger(buyers) || buyers < 1) throw new Error('buyers must be a positive integer');
  const shares = { ...DEFAULT_SHARES, ...options.shares };
  const total = JOURNEY_KINDS.reduce((sum, kind) => sum + Math.max(0, shares[kind]), 0);
  if (!(total > 0)) throw new Error('the mix needs at least one kind with a share above 0');
  const next = random(seed);

  // Kinds by largest remainder, so that the counts follow the shares; then topped up with single-checkout journeys
  // (or trimmed) until the checkouts add up to `attempts` exactly.
  const averageCheckouts = JOURNEY_KINDS.reduce(
    (sum, kind) => sum + (Math.max(0, shares[kind]) / total) * checkoutsOf(kind),
    0,
  );
  const journeyCount = Math.max(1, Math.round(attempts / averageCheckouts));
  const counts = apportion(
    journeyCount,
    JOURNEY_KINDS.map((kind) => Math.max(0, shares[kind]) / total),
  );
  const kinds: JourneyKind[] = JOURNEY_KINDS.flatMap((kind, index) =>
    Array.from({ length: counts[index]! }, () => kind),
  );
  let checkouts = kinds.reduce((sum, kind) => sum + checkoutsOf(kind), 0);
  // The kind that fills or trims by one checkout: a single-checkout kind of the mix, else a plain payer.
  const single: JourneyKind =
    (['pay', ...JOURNEY_KINDS] as JourneyKind[]).find((kind) => checkoutsOf(kind) === 1 && shares[kind] > 0) ?? 'pay';
  while (checkouts > attempts) {
    // One too many: a double journey becomes a single one; else a single journey goes (or a double, and refill).
    const double = kinds.findIndex((kind) => checkoutsOf(kind) === 2);
    const singleIndex = kinds.findIndex((kind) => checkoutsOf(kind) === 1);
    if (checkouts - attempts === 1 && double !== -1) kinds[double] = single;
    else kinds.splice(singleIndex !== -1 ? singleIndex : double, 1);
    checkouts = kinds.reduce((sum, kind) => sum + checkoutsOf(kind), 0);
  }
  while (checkouts < attempts) {
    const most = JOURNEY_KINDS.reduce((best, kind) => (shares[kind] > shares[best] ? kind : best), JOURNEY_KINDS[0]);
    const kind: JourneyKind = checkoutsOf(most) <= attempts - checkouts ? most : single;
    kinds.push(kind);
    checkouts += checkoutsOf(kind);
  }

  shuffle(kinds, next);
  const front = Math.min(kinds.length, options.frontJourneys ?? 0);
  const minimums = Object.fromEntries(
    JOURNEY_KINDS.map((kind) => [kind, options.frontMinimums?.[kind] ?? options.minPerKindInFront ?? 0]),
  ) as Record<JourneyKind, number>;
  if (front > 0) bringForward(kinds, front, minimums, shares);

  const rushCount = Math.round(kinds.length * (options.rushShare ?? 1));
  if (options.rushOnlyKinds?.length) keepToRush(kinds, front, rushCount, new Set(options.rushOnlyKinds));

  // Buyers: the first `buyers` journeys each get a buyer of their own (in a shuffled order), the rest come back.
  const order = Array.from({ length: buyers }, (_, index) => index);
  shuffle(order, next);
  const spreadMs = options.spreadMs ?? 0;
  const trickleFromMs = Math.min(options.trickleFromMs ?? 0, spreadMs);
  const pairShare = options.pairShare ?? 0.2;
  let late = 0;
  return kinds.map((kind, index): PlannedJourney => ({
    index,
    buyer: index < buyers ? order[index]! : Math.floor(next() * buyers),
    kind,
    quantity: kind === 'late' ? (late % 2 === 0 ? 2 : 1) : next() < pairShare ? 2 : 1,
    ...(kind === 'late' && late % 2 === 1 ? { quietItem: true } : {}),
    notBeforeMs:
      index < rushCount || kinds.length === rushCount
        ? 0
        : Math.round(trickleFromMs + ((index - rushCount) / (kinds.length - rushCount)) * (spreadMs - trickleFromMs)),
    ...(kind === 'late' ? { payOffsetMs: LATE_PAY_OFFSETS_MS[late++ % LATE_PAY_OFFSETS_MS.length] } : {}),
  }));
}

/** Checkout requests of a plan. */
export const checkoutsInPlan = (plan: readonly PlannedJourney[]): number =>
  plan.reduce((sum, journey) => sum + checkoutsOf(journey.kind), 0);

/** Integer counts proportional to `weights` summing to `n` (largest remainder). */
export function apportion(n: number, weights: readonly number[]): number[] {
  const exact = weights.map((weight) => weight * n);
  const counts = exact.map(Math.floor);
  let left = n - counts.reduce((sum, c) => sum + c, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    counts[index]! += 1;
    left -= 1;
  }
  return counts;
}

function shuffle<T>(items: T[], next: () => number): void {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}

/**
 * Swaps journeys of under-represented kinds from the back into the first `front` places, taking the place of the kind
 * with the most to spare there.
 */
function bringForward(
  kinds: JourneyKind[],
  front: number,
  minimums: Record<JourneyKind, number>,
  shares: MixShares,
): void {
  for (const kind of JOURNEY_KINDS) {
    if (!(shares[kind] > 0)) continue;
    let inFront = kinds.slice(0, front).filter((k) => k === kind).length;
    for (let back = front; back < kinds.length && inFront < minimums[kind]; back += 1) {
      if (kinds[back] !== kind) continue;
      const counts = new Map<JourneyKind, number>();
      for (const k of kinds.slice(0, front)) counts.set(k, (counts.get(k) ?? 0) + 1);
      const [common] =
        [...counts]
          .filter(([k, n]) => k !== kind && n > minimums[k])
          .sort((a, b) => b[1] - minimums[b[0]] - (a[1] - minimums[a[0]]))[0] ?? [];
      if (!common) return;
      const place = kinds.lastIndexOf(common, front - 1);
      [kinds[place], kinds[back]] = [kinds[back]!, kinds[place]!];
      inFront += 1;
    }
  }
}

/** Swaps journeys of `rushOnly` kinds from the trickle with other journeys of the rush (after the front), as far as there is room. */
function keepToRush(kinds: JourneyKind[], front: number, rushCount: number, rushOnly: ReadonlySet<JourneyKind>): void {
  let place = rushCount - 1;
  for (let index = rushCount; index < kinds.length; index += 1) {
    if (!rushOnly.has(kinds[index]!)) continue;
    while (place >= front && rushOnly.has(kinds[place]!)) place -= 1;
    if (place < front) return;
    [kinds[place], kinds[index]] = [kinds[index]!, kinds[place]!];
  }
}
