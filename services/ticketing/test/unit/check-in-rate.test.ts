import { checkInsPerMinute, minutesAgo } from '../../src/domain/check-in-rate';

describe('check-ins per minute over the last hour', () => {
  it('has 60 values, oldest first, the last being the minute that ends now', () => {
    const values = checkInsPerMinute([
      { minutesAgo: 0, count: 3 },
      { minutesAgo: 59, count: 1 },
      { minutesAgo: 10, count: 2 },
    ]);
    expect(values).toHaveLength(60);
    expect(values[59]).toBe(3);
    expect(values[0]).toBe(1);
    expect(values[49]).toBe(2);
    expect(values.reduce((sum, value) => sum + value, 0)).toBe(6);
  });

  it('drops what lies outside the hour', () => {
    expect(
      checkInsPerMinute([
        { minutesAgo: 60, count: 5 },
        { minutesAgo: -1, count: 5 },
      ]).every((value) => value === 0),
    ).toBe(true);
  });

  it('counts whole minutes back from now', () => {
    const now = new Date('2027-01-01T12:00:00Z');
    expect(minutesAgo(now, new Date('2027-01-01T11:59:30Z'))).toBe(0);
    expect(minutesAgo(now, new Date('2027-01-01T11:58:59Z'))).toBe(1);
    expect(minutesAgo(now, new Date('2027-01-01T12:00:05Z'))).toBe(0);
  });
});
