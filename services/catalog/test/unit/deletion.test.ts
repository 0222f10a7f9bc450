import { DELETION_GRACE_MS, isDueForRemoval, removalAtFor } from '../../src/domain/deletion';

describe('the deletion grace period', () => {
  const deletedAt = new Date('2026-06-01T12:00:00Z');
  const removalAt = removalAtFor(deletedAt);

  it('lasts 14 days', () => {
    expect(DELETION_GRACE_MS).toBe(14 * 24 * 3600 * 1000);
    expect(removalAt.toISOString()).toBe('2026-06-15T12:00:00.000Z');
  });

  it('makes a deleted event due for removal at removalAt, not a second before', () => {
    expect(isDueForRemoval({ status: 'deleted', removalAt }, new Date(removalAt.getTime() - 1000))).toBe(false);
    expect(isDueForRemoval({ status: 'deleted', removalAt }, removalAt)).toBe(true);
    expect(isDueForRemoval({ status: 'draft', removalAt: null }, removalAt)).toBe(false);
  });
});
