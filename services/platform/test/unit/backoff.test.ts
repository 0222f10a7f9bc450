import { backoffDelayMs } from '../../src/messaging/backoff';

describe('backoffDelayMs', () => {
  it('doubles per attempt, between half and all of the exponential delay', () => {
    expect(backoffDelayMs(1, 100, 10_000, () => 0)).toBe(50);
    expect(backoffDelayMs(1, 100, 10_000, () => 1)).toBe(100);
    expect(backoffDelayMs(3, 100, 10_000, () => 0)).toBe(200);
    expect(backoffDelayMs(3, 100, 10_000, () => 1)).toBe(400);
  });

  it('never exceeds the ceiling, however many attempts', () => {
    expect(backoffDelayMs(60, 100, 5_000, () => 1)).toBe(5_000);
    expect(backoffDelayMs(60, 100, 5_000, () => 0)).toBe(2_500);
  });
});
