import { CLIENT_ADDRESS_PATTERN, holdLimitPassed } from '../../src/domain/hold-limits';

const limits = { perEmail: 4, perAddress: 10 };

describe('hold limits', () => {
  it('allows a checkout up to the cap of its e-mail address and its client address, and no further', () => {
    expect(holdLimitPassed({ byEmail: 0, byAddress: 0 }, 4, limits, true)).toBeNull();
    expect(holdLimitPassed({ byEmail: 2, byAddress: 2 }, 3, limits, true)).toBe('email');
    expect(holdLimitPassed({ byEmail: 0, byAddress: 8 }, 2, limits, true)).toBeNull();
    expect(holdLimitPassed({ byEmail: 0, byAddress: 9 }, 2, limits, true)).toBe('address');
  });

  it('does not cap by client address when the address is unknown', () => {
    expect(holdLimitPassed({ byEmail: 0, byAddress: 100 }, 2, limits, false)).toBeNull();
  });

  it('accepts IPv4 and IPv6 text forms only as client addresses', () => {
    for (const address of ['127.0.0.1', '203.0.113.7', '::1', '2001:db8::8a2e:370:7334', '::ffff:192.0.2.1'])
      expect(CLIENT_ADDRESS_PATTERN.test(address)).toBe(true);
    for (const address of ['', 'unknown', 'a'.repeat(46), '1.2.3.4; drop table', '1.2.3.4\u0000'])
      expect(CLIENT_ADDRESS_PATTERN.test(address)).toBe(false);
  });
});
