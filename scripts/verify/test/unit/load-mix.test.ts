import {
  apportion,
  checkoutsInPlan,
  checkoutsOf,
  DEFAULT_SHARES,
  JOURNEY_KINDS,
  LATE_PAY_OFFSETS_MS,
  planJourneys,
  random,
} from '../../load/mix';

const countBy = <T>(items: readonly T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((acc, item) => ({ ...acc, [key(item)]: (acc[key(item)] ?? 0) + 1 }), {});

describe('planJourneys', () => {
  it.each([
    [600, 250],
    [5_000, 2_000],
    [7, 3],
    [1, 1],
  ])('sends exactly %i checkouts and brings every one of %i buyers', (attempts, buyers) => {
    const plan = planJourneys({ attempts, buyers, seed: 7 });
    expect(checkoutsInPlan(plan)).toBe(attempts);
    if (plan.length >= buyers) expect(new Set(plan.map((journey) => journey.buyer)).size).toBe(buyers);
    expect(plan.every((journey) => journey.buyer >= 0 && journey.buyer < buyers)).toBe(true);
    expect(plan.map((journey) => journey.index)).toEqual(plan.map((_, index) => index));
  });

  it('follows the shares: every kind within a couple of journeys of its share', () => {
    const plan = planJourneys({ attempts: 5_000, buyers: 2_000, seed: 3 });
    const counts = countBy(plan, (journey) => journey.kind);
    const total = Object.values(DEFAULT_SHARES).reduce((sum, share) => sum + share, 0);
    for (const kind of JOURNEY_KINDS)
      expect(Math.abs((counts[kind] ?? 0) - (DEFAULT_SHARES[kind] / total) * plan.length)).toBeLessThanOrEqual(3);
  });

  it('is the same plan for the same seed and another for another seed', () => {
    const options = { attempts: 300, buyers: 100 };
    expect(planJourneys({ ...options, seed: 11 })).toEqual(planJourneys({ ...options, seed: 11 }));
    expect(planJourneys({ ...options, seed: 11 })).not.toEqual(planJourneys({ ...options, seed: 12 }));
  });

  it('puts at least the minimum of every kind in the opening journeys', () => {
    const plan = planJourneys({ attempts: 600, buyers: 250, seed: 5, frontJourneys: 90, minPerKindInFront: 6 });
    const front = countBy(plan.slice(0, 90), (journey) => journey.kind);
    for (const kind of JOURNEY_KINDS) expect(front[kind] ?? 0).toBeGreaterThanOrEqual(6);
    // Bringing kinds forward only reorders: the whole plan still sends the same checkouts.
    expect(checkoutsInPlan(plan)).toBe(600);
  });

  it('starts the rush at once and spreads the rest evenly over the spread', () => {
    const plan = planJourneys({ attempts: 100, buyers: 50, seed: 1, rushShare: 0.5, spreadMs: 10_000 });
    const rush = Math.round(plan.length * 0.5);
    expect(plan.slice(0, rush).every((journey) => journey.notBeforeMs === 0)).toBe(true);
    const later = plan.slice(rush).map((journey) => journey.notBeforeMs);
    expect(later).toEqual([...later].sort((a, b) => a - b));
    expect(later.at(-1)).toBeLessThanOrEqual(10_000);
    expect(later.at(-1)).toBeGreaterThan(9_000);
  });

  it('gives late payers offsets around the hold end, cycling through them, two tickets of the rush item every other one, one of the quiet item the others', () => {
    const late = planJourneys({ attempts: 2_000, buyers: 500, seed: 2 }).filter((journey) => journey.kind === 'late');
    expect(late.length).toBeGreaterThan(LATE_PAY_OFFSETS_MS.length);
    expect(late.map((journey) => journey.payOffsetMs)).toEqual(
      late.map((_, index) => LATE_PAY_OFFSETS_MS[index % LATE_PAY_OFFSETS_MS.length]),
    );
    expect(late.map((journey) => journey.quantity)).toEqual(late.map((_, index) => (index % 2 === 0 ? 2 : 1)));
    expect(late.map((journey) => journey.quietItem === true)).toEqual(late.map((_, index) => index % 2 === 1));
    expect(
      planJourneys({ attempts: 200, buyers: 50, seed: 2 })
        .filter((j) => j.kind !== 'late')
        .some((j) => j.payOffsetMs !== undefined || j.quietItem),
    ).toBe(false);
  });

  it('keeps to the kinds with a share', () => {
    const plan = planJourneys({
      attempts: 51,
      buyers: 10,
      seed: 1,
      shares: { ...Object.fromEntries(JOURNEY_KINDS.map((kind) => [kind, 0])), 'double-click': 1 },
    });
    // 25 double-clicks send 50; the odd one out is a plain payer.
    expect(countBy(plan, (journey) => journey.kind)).toEqual({ 'double-click': 25, pay: 1 });
    expect(checkoutsInPlan(plan)).toBe(51);
  });

  it('refuses impossible plans', () => {
    expect(() => planJourneys({ attempts: 0, buyers: 1, seed: 1 })).toThrow('attempts');
    expect(() => planJourneys({ attempts: 1, buyers: 0, seed: 1 })).toThrow('buyers');
    expect(() =>
      planJourneys({
        attempts: 1,
        buyers: 1,
        seed: 1,
        shares: Object.fromEntries(JOURNEY_KINDS.map((kind) => [kind, 0])),
      }),
    ).toThrow('share');
  });
});

describe('mix helpers', () => {
  it('counts two checkouts for double-clicks and two tabs only', () => {
    expect(JOURNEY_KINDS.filter((kind) => checkoutsOf(kind) === 2)).toEqual(['double-click', 'two-tab']);
  });

  it('apportions by largest remainder', () => {
    expect(apportion(10, [0.5, 0.25, 0.25])).toEqual([5, 3, 2]);
    expect(apportion(7, [1 / 3, 1 / 3, 1 / 3])).toEqual([3, 2, 2]);
    expect(apportion(0, [1])).toEqual([0]);
  });

  it('draws the same numbers from the same seed, in [0, 1)', () => {
    const a = random(42);
    const b = random(42);
    const draws = Array.from({ length: 1_000 }, () => a());
    expect(draws).toEqual(Array.from({ length: 1_000 }, () => b()));
    expect(draws.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(new Set(draws).size).toBeGreaterThan(990);
  });
});

describe('planJourneys: the opening and the trickle', () => {
  it('brings a kind forward to its own minimum, taking places from kinds with room to spare', () => {
    const plan = planJourneys({
      attempts: 600,
      buyers: 250,
      seed: 9,
      frontJourneys: 48,
      minPerKindInFront: 3,
      frontMinimums: { late: 12 },
    });
    const front = countBy(plan.slice(0, 48), (journey) => journey.kind);
    expect(front.late).toBeGreaterThanOrEqual(12);
    for (const kind of JOURNEY_KINDS) expect(front[kind] ?? 0).toBeGreaterThanOrEqual(3);
  });

  it('lets the rest come back between trickleFromMs and spreadMs', () => {
    const plan = planJourneys({
      attempts: 200,
      buyers: 80,
      seed: 4,
      rushShare: 0.4,
      trickleFromMs: 50_000,
      spreadMs: 80_000,
    });
    const later = plan.filter((journey) => journey.notBeforeMs > 0).map((journey) => journey.notBeforeMs);
    expect(later.length).toBeGreaterThan(0);
    expect(Math.min(...later)).toBeGreaterThanOrEqual(50_000);
    expect(Math.max(...later)).toBeLessThanOrEqual(80_000);
  });
});

describe('planJourneys: kinds kept to the rush', () => {
  it('moves every journey of those kinds ahead of the trickle, keeping the front and the counts', () => {
    const options = {
      attempts: 600,
      buyers: 250,
      seed: 8,
      frontJourneys: 48,
      minPerKindInFront: 3,
      rushShare: 0.45,
      trickleFromMs: 50_000,
      spreadMs: 78_000,
    };
    const plain = planJourneys(options);
    const kept = planJourneys({ ...options, rushOnlyKinds: ['decline', 'abandon', 'late'] });
    const rushCount = Math.round(kept.length * 0.45);
    expect(kept.slice(rushCount).filter((journey) => ['decline', 'abandon', 'late'].includes(journey.kind))).toEqual(
      [],
    );
    expect(kept.slice(0, 48).map((journey) => journey.kind)).toEqual(plain.slice(0, 48).map((journey) => journey.kind));
    expect(countBy(kept, (journey) => journey.kind)).toEqual(countBy(plain, (journey) => journey.kind));
    expect(checkoutsInPlan(kept)).toBe(600);
  });
});
