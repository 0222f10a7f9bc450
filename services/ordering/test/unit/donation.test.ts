import { donationProblem } from '../../src/domain/donation';

const option = { enabled: true, suggestedAmountsMinor: [500, 1000], allowCustomAmount: false };

describe('donationProblem', () => {
  it.each([
    ['no donation, donations off', { ...option, enabled: false }, 0, null],
    ['a suggestion', option, 1000, null],
    ['another amount without custom amounts', option, 700, 'Donation is invalid'],
    ['another amount with custom amounts', { ...option, allowCustomAmount: true }, 700, null],
    ['any donation when donations are off', { ...option, enabled: false }, 500, 'Donation is invalid'],
    ['a negative amount', { ...option, allowCustomAmount: true }, -1, 'Minimum value is 0'],
    ['a fraction', { ...option, allowCustomAmount: true }, 1.5, 'Donation is invalid'],
  ] as const)('%s', (_label, shop, amount, expected) => {
    expect(donationProblem(shop, amount)).toBe(expected);
  });
});
