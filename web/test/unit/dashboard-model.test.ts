import { checkedInShare, needsAttention, showsCheckIns, soldShare } from '../../src/lib/dashboard-model';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-11-29T12:00:00Z');
const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * HOUR).toISOString();

describe("the dashboard's event figures", () => {
  it('shows the entrance once anyone is in, and on the day (from a day before the start until the end)', () => {
    const event = (startsIn: number, endsIn: number, checkedIn = 0) => ({
      startsAt: at(startsIn),
      endsAt: at(endsIn),
      checkedIn,
    });
    expect(showsCheckIns(event(48, 52), now)).toBe(false);
    expect(showsCheckIns(event(25, 30), now)).toBe(false);
    expect(showsCheckIns(event(23, 30), now)).toBe(true);
    expect(showsCheckIns(event(-2, 3), now)).toBe(true);
    expect(showsCheckIns(event(-5, -1), now)).toBe(false);
    expect(showsCheckIns(event(48, 52, 1), now)).toBe(true);
    expect(showsCheckIns({ startsAt: '', endsAt: at(5), checkedIn: 0 }, now)).toBe(false);
  });

  it('gives checked in of sold and sold of capacity as shares, never past full', () => {
    expect(checkedInShare({ sold: 4, checkedIn: 1 })).toBe(0.25);
    expect(checkedInShare({ sold: 0, checkedIn: 0 })).toBe(0);
    expect(checkedInShare({ sold: 2, checkedIn: 3 })).toBe(1);
    expect(soldShare({ sold: 30, capacity: 40 })).toBe(0.75);
    expect(soldShare({ sold: 3, capacity: null })).toBeNull();
  });

  it('needs attention for each kind of item, and not when all are empty', () => {
    const none = {
      failedEmailOrders: 0,
      failedEmails: [],
      stuckPayments: 0,
      stuckRefunds: 0,
      stuckAfterMinutes: 30,
      scanConflicts: [],
    };
    expect(needsAttention(none)).toBe(false);
    expect(needsAttention({ ...none, failedEmailOrders: 1 })).toBe(true);
    expect(needsAttention({ ...none, stuckPayments: 1 })).toBe(true);
    expect(needsAttention({ ...none, stuckRefunds: 2 })).toBe(true);
    expect(needsAttention({ ...none, scanConflicts: [{ eventId: 'evt_1', eventName: 'Jazz', conflicts: 1 }] })).toBe(
      true,
    );
  });
});
