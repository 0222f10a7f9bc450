import QRCode from 'qrcode';
import { bffRoutes } from '../../surface';
import { concretePath, CSRF_VARIANTS, siblingOrigin, stateChangingRequests, WEBHOOK_PATHS } from '../../abuse/csrf';
import { clientAddress, type HttpAnswer, inPool } from '../../abuse/http';
import { forgeries, randomScanStrings, splitCode } from '../../abuse/scan';
import { answerShape, ShapeBook } from '../../abuse/sign-in';
import { compareTimings, median, medianPairedDifference } from '../../abuse/stats';
import { qrModulesFromSvg, readQrSvg, ticketQrSvgOfPage } from '../../abuse/ticket-qr';

const answer = (status: number, text: string, headers: Record<string, string> = {}): HttpAnswer => ({
  status,
  text,
  body: undefined,
  headers: new Headers(headers),
  ms: 1,
});

describe('timing statistics', () => {
  it('takes medians of odd and even counts and compares two samples', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
    expect(compareTimings([10, 11, 12], [12, 13, 14])).toEqual({
      medianA: 11,
      medianB: 13,
      differenceMs: 2,
      relative: 2 / 11,
      pairedMs: 2,
    });
  });

  it('takes the median of the differences within pairs, whatever the level of each pair', () => {
    // Pairs measured while the machine was idle (~10 ms) or busy (~40 ms): each pair differs by about 1 ms.
    expect(medianPairedDifference([10, 41, 11, 42, 10], [9, 40, 10, 42, 11])).toBe(1);
    expect(compareTimings([10, 41, 11, 42, 10], [9, 40, 10, 42, 11]).pairedMs).toBe(1);
    expect(() => medianPairedDifference([1], [1, 2])).toThrow();
  });
});

describe('answer shapes for the enumeration check', () => {
  it('keep status, body, Retry-After and cookie names, and drop what differs per request anyway', () => {
    const a = answer(200, '{"expiresAt":"2031-01-01T10:00:00.000Z"}', {
      'set-cookie': 'kassa_challenge=sic_1; Path=/api/_auth',
    });
    const b = answer(200, '{"expiresAt":"2031-01-01T10:07:12.345Z"}', {
      'set-cookie': 'kassa_challenge=sic_2; Path=/api/_auth',
    });
    expect(answerShape(a)).toBe(answerShape(b));
    expect(answerShape(answer(429, '{"retryAfterSeconds":599}', { 'retry-after': '599' }))).toBe(
      answerShape(answer(429, '{"retryAfterSeconds":12}', { 'retry-after': '12' })),
    );
    expect(answerShape(answer(401, '{"message":"Code is invalid"}'))).not.toBe(
      answerShape(answer(429, '{"message":"Code is invalid"}')),
    );
  });

  it('report the steps whose answers differ between the two kinds of address', () => {
    const book = new ShapeBook();
    book.add('request 1', true, answer(200, 'ok'));
    book.add('request 1', false, answer(200, 'ok'));
    book.add('guess 1', true, answer(401, 'no'));
    book.add('guess 1', false, answer(429, 'no'));
    expect(book.size).toBe(2);
    expect(book.differences()).toEqual([expect.stringMatching(/^guess 1: with account 401 no/)]);
  });
});

describe('forged and random scan codes', () => {
  const payload = (t: string, e: string[]) => Buffer.from(JSON.stringify({ t, e, s: 'seed' })).toString('base64url');
  const victim = `KT1.k1.${payload('tkt_a', ['evt_door'])}.${'S'.repeat(86)}`;
  const other = `KT1.k1.${payload('tkt_b', ['evt_door'])}.${'T'.repeat(86)}`;
  const foreign = `KT1.k1.${payload('tkt_f', ['evt_other'])}.${'F'.repeat(86)}`;

  it('are all different from the real codes they are made of, and still in the signed format', () => {
    const codes = forgeries(victim, other, foreign, 'evt_door');
    expect(new Set(codes.map((forgery) => forgery.code)).size).toBe(codes.length);
    for (const { code } of codes) {
      expect([victim, other, foreign]).not.toContain(code);
      expect(code.startsWith('KT1.')).toBe(true);
    }
    const granted = codes.find((forgery) => forgery.what.startsWith("a foreign ticket's payload"))!;
    expect(splitCode(granted.code).payload).toEqual({ t: 'tkt_f', e: ['evt_door'], s: 'seed' });
    expect(splitCode(granted.code).signature).toBe('F'.repeat(86));
  });

  it('makes random strings of every kind, none empty and none over the scanner limit', () => {
    const strings = randomScanStrings(50);
    expect(strings).toHaveLength(50);
    expect(strings.every((value) => value.length > 0 && value.length <= 1000 && value === value.trim())).toBe(true);
    expect(strings.some((value) => /^[2-9A-Z]{4}-[2-9A-Z]{4}$/.test(value))).toBe(true);
    expect(strings.some((value) => value.startsWith('KT1.'))).toBe(true);
  });
});

describe('ticket QR codes read from the ticket page', () => {
  it('decode the SVG the page draws back to the code', async () => {
    const code = `KT1.k1.${Buffer.from('{"t":"tkt_01","e":["evt_01"],"s":"x"}').toString('base64url')}.${'Ab9_-'.repeat(17)}`;
    const svg = await QRCode.toString(code, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
      color: { dark: '#000000', light: '#ffffff' },
    });
    const html = `<main><div role="img" data-testid="ticket-qr">${svg}</div></main>`;
    expect(ticketQrSvgOfPage(html)).toBe(svg.trim());
    expect(ticketQrSvgOfPage('<main>no code</main>')).toBeUndefined();
    expect(qrModulesFromSvg(svg)[2]!.slice(2, 9)).toEqual([true, true, true, true, true, true, true]);
    expect(await readQrSvg(svg)).toEqual([code]);
  });
});

describe('cross-site requests', () => {
  it('cover every state-changing method of every route, the webhooks among them', () => {
    const requests = stateChangingRequests();
    const expected = bffRoutes().reduce((sum, route) => sum + route.methods.filter((m) => m !== 'GET').length, 0);
    expect(requests).toHaveLength(expected);
    expect(requests.map((r) => `${r.method} ${r.route.path}`)).toEqual(
      expect.arrayContaining(['POST /api/shops/[shopId]/checkout', 'DELETE /api/%5Fauth/session']),
    );
    for (const path of WEBHOOK_PATHS) expect(requests.some((r) => r.route.path === path)).toBe(true);
  });

  it('fill paths with real ids, or well-formed unused ones', () => {
    expect(concretePath('/api/%5Fauth/verify', {})).toBe('/api/_auth/verify');
    expect(concretePath('/api/organisations/[orgId]/shops/[shopId]', { orgId: 'org_1', shopId: 'shp_2' })).toBe(
      '/api/organisations/org_1/shops/shp_2',
    );
    expect(concretePath('/api/organisations/[orgId]/members/[memberId]', { orgId: 'org_1' })).toMatch(
      /^\/api\/organisations\/org_1\/members\/mem_[0-9a-z]{26}$/,
    );
    expect(() => concretePath('/api/x/[mystery]', {})).toThrow('no value for [mystery]');
  });

  it('come from another site in each way a browser could send one', () => {
    expect(siblingOrigin('http://localhost:3000')).toBe('http://evil.localhost:3000');
    const own = 'http://localhost:3000';
    for (const variant of CSRF_VARIANTS) {
      const headers = variant.headers(own);
      const sameOrigin = headers.origin === own && headers['sec-fetch-site'] !== 'cross-site';
      expect(sameOrigin).toBe(false);
    }
  });
});

describe('client addresses and the pool', () => {
  it('numbers addresses per group', () => {
    expect(clientAddress(2, 1)).toBe('10.2.0.1');
    expect(clientAddress(2, 300)).toBe('10.2.1.44');
  });

  it('runs work in order of the items with bounded concurrency', async () => {
    let running = 0;
    let most = 0;
    const results = await inPool([1, 2, 3, 4, 5], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return n * 2;
    });
    expect(results).toEqual([2, 4, 6, 8, 10]);
    expect(most).toBe(2);
  });
});
