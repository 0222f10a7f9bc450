import { maskClientIp } from '../../src/domain/client-ip';
import { summariseUserAgent } from '../../src/domain/user-agent-summary';

describe('maskClientIp', () => {
  it.each([
    ['203.0.113.7', '203.0.113.x'],
    [' 10.0.0.255 ', '10.0.0.x'],
    ['::ffff:203.0.113.9', '203.0.113.x'],
    ['2001:db8:85a3::8a2e:370:7334', '2001:db8:85a3:x'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8:0:x'],
    ['::1', '0:0:0:x'],
    ['[2001:db8::1]', '2001:db8:0:x'],
    ['fe80::1%eth0', 'fe80:0:0:x'],
  ])('masks %s as %s', (raw, masked) => {
    expect(maskClientIp(raw)).toBe(masked);
  });

  it.each([
    [''],
    [undefined],
    [null],
    ['unknown'],
    ['300.1.1.1'],
    ['1.2.3'],
    ['2001:db8::1::2'],
    ['1:2:3:4:5:6:7:8:9'],
    ['gggg::1'],
  ])('shows nothing for %p', (raw) => {
    expect(maskClientIp(raw)).toBe('');
  });

  it('never shows the last octet', () => {
    for (let last = 0; last < 256; last += 17) expect(maskClientIp(`192.0.2.${last}`)).toBe('192.0.2.x');
  });
});

describe('summariseUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 Edg/140.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0', 'Firefox on Android'],
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36 OPR/80.0',
      'Opera on Android',
    ],
    ['curl/8.5.0', 'curl'],
    ['', ''],
    ['something else', ''],
  ])('summarises %s', (raw, summary) => {
    expect(summariseUserAgent(raw)).toBe(summary);
  });
});
