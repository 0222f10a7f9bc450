/**
 * The address a session signed in from, with the host part hidden: enough for its owner to recognise
 * "that was me at home", not enough to locate anyone. IPv4 keeps three octets ('203.0.113.x'),
 * IPv6 its /48 routing prefix ('2001:db8:85a3:x'); an IPv4-mapped IPv6 address is shown as IPv4.
 */
export function maskClientIp(raw: string | null | undefined): string {
  const ip = (raw ?? '').trim().replace(/^\[|\]$/g, '');
  if (ip === '') return '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped ? mapped[1]! : ip;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(v4);
  if (octets) {
    const parts = octets.slice(1, 4).map(Number);
    if (parts.every((part) => part <= 255) && Number(octets[4]) <= 255) return `${parts.join('.')}.x`;
    return '';
  }
  if (ip.includes(':')) {
    const groups = expandIpv6(ip.split('%')[0]!);
    if (!groups) return '';
    return `${groups
      .slice(0, 3)
      .map((group) => group.replace(/^0+(?=.)/, ''))
      .join(':')}:x`;
  }
  return '';
}

/** The eight groups of an IPv6 address, or undefined when it is not one (embedded IPv4 tails other than the mapped form included). */
function expandIpv6(ip: string): string[] | undefined {
  const halves = ip.toLowerCase().split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  return groups.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? groups : undefined;
}
