import { likePattern } from '../../src/persistence/like-pattern';

describe('likePattern', () => {
  it('finds the query anywhere, taking its own %, _ and backslash literally', () => {
    expect(likePattern('jane')).toBe('%jane%');
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(likePattern('')).toBe('%%');
  });
});
