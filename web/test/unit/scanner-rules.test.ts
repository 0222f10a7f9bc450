// The scanner's small rules: the same code counts once per ~2 s, a scan is retried with the same request a bounded
// number of times, nonces and device ids have the shapes ticketing accepts, and the request bodies are checked in the
// spec's words.
import { SCAN_INPUT_MAX_LENGTH } from '@kassa/contracts/scan-input';
import { createCodeDebouncer, SAME_CODE_WINDOW_MS } from '../../src/features/scanner/code-debouncer';
import { newDeviceId } from '../../src/features/scanner/device-id';
import { isAccessRevoked, isNetworkFailure, newScanNonce, withRetry } from '../../src/features/scanner/scan-retry';
import type { ApiResult } from '../../src/lib/api-result';
import {
  createScanLinkBodySchema,
  DEVICE_ID_PATTERN,
  NONCE_PATTERN,
  scanBodySchema,
  syncBodySchema,
  withSecret,
} from '../../src/lib/scan-rules';
import { createScannerCall } from '../../src/lib/scanner-http';

describe('the same-code debouncer', () => {
  it('passes a code once while it stays in sight, again after ~2 s out of sight, and other codes at once', () => {
    let now = 0;
    const debouncer = createCodeDebouncer(SAME_CODE_WINDOW_MS, () => now);
    expect(debouncer.accept('A')).toBe(true);
    now = 1500;
    expect(debouncer.accept('A')).toBe(false);
    expect(debouncer.accept('B')).toBe(true);
    now = 3000; // seen at 1500: still within the window
    expect(debouncer.accept('A')).toBe(false);
    now = 5100;
    expect(debouncer.accept('A')).toBe(true);
    debouncer.reset();
    expect(debouncer.accept('A')).toBe(true);
  });
});

describe('withRetry', () => {
  const failure = (status: number): ApiResult<string> => ({ ok: false, status, message: '', fields: {} });

  it('repeats the same call while the network fails, up to the number of delays', async () => {
    const answers = [failure(0), failure(502), { ok: true as const, data: 'done' }];
    const waits: number[] = [];
    const call = jest.fn(async () => answers.shift()!);
    expect(await withRetry(call, { delaysMs: [10, 20], sleep: async (ms) => void waits.push(ms) })).toEqual({
      ok: true,
      data: 'done',
    });
    expect(call).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([10, 20]);
  });

  it('gives up after the last retry and does not retry answers that are not the network', async () => {
    const always = jest.fn(async () => failure(0));
    expect((await withRetry(always, { delaysMs: [1, 1], sleep: async () => undefined })).ok).toBe(false);
    expect(always).toHaveBeenCalledTimes(3);
    const refused = jest.fn(async () => failure(404));
    await withRetry(refused, { delaysMs: [1, 1], sleep: async () => undefined });
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('tells network failures from a revoked link', () => {
    expect([0, 500, 502, 503, 504].map((status) => isNetworkFailure(failure(status)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([400, 404, 429].map((status) => isNetworkFailure(failure(status)))).toEqual([false, false, false]);
    expect([401, 403, 404].map((status) => isAccessRevoked(failure(status)))).toEqual([true, true, true]);
    expect(isAccessRevoked({ ok: true, data: '' })).toBe(false);
  });
});

describe('ids made in the browser', () => {
  it('makes nonces ticketing accepts, different every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newScanNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(NONCE_PATTERN);
  });

  it('makes device ids "dev_" + random', () => {
    const id = newDeviceId();
    expect(id).toMatch(DEVICE_ID_PATTERN);
    expect(id).not.toBe(newDeviceId());
  });
});

describe('the request bodies', () => {
  const scan = withSecret(scanBodySchema());
  const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.map(String).join('.'), issue.message]));

  it('accepts a scan and trims the code', () => {
    const secret = 'a'.repeat(43);
    expect(scan.parse({ secret, code: ' K7QF-2MXA ', nonce: newScanNonce(), deviceId: 'dev_phone0001' })).toMatchObject(
      { code: 'K7QF-2MXA' },
    );
  });

  it("names each bad field in the spec's words", () => {
    expect(fieldsOf(scan.safeParse({}))).toEqual({
      secret: 'Scan link is required',
      code: 'Code is required',
      nonce: 'Nonce is required',
      deviceId: 'Device is required',
    });
    expect(
      fieldsOf(
        scan.safeParse({
          secret: 'short',
          code: 'x'.repeat(SCAN_INPUT_MAX_LENGTH + 1),
          nonce: 'no spaces please',
          deviceId: 'phone',
        }),
      ),
    ).toEqual({
      secret: 'Scan link is invalid',
      code: 'Code is too long',
      nonce: 'Nonce is invalid',
      deviceId: 'Device is invalid',
    });
  });

  it("takes a code up to ticketing's limit of 4,096 characters (a pass for many events makes a long one)", () => {
    const body = { secret: 'a'.repeat(43), nonce: newScanNonce(), deviceId: 'dev_phone0001' };
    expect(scan.safeParse({ ...body, code: `KT1.${'a'.repeat(SCAN_INPUT_MAX_LENGTH - 4)}` }).success).toBe(true);
    expect(fieldsOf(scan.safeParse({ ...body, code: `KT1.${'a'.repeat(SCAN_INPUT_MAX_LENGTH - 3)}` }))).toEqual({
      code: 'Code is too long',
    });
    const sync = syncBodySchema();
    const scannedAt = '2031-07-01T20:30:00.000Z';
    expect(
      sync.safeParse({
        deviceId: 'dev_phone0001',
        scans: [{ nonce: 'n-1', code: 'x'.repeat(SCAN_INPUT_MAX_LENGTH), scannedAt }],
      }).success,
    ).toBe(true);
    expect(
      fieldsOf(
        sync.safeParse({
          deviceId: 'dev_phone0001',
          scans: [{ nonce: 'n-1', code: 'x'.repeat(SCAN_INPUT_MAX_LENGTH + 1), scannedAt }],
        }),
      ),
    ).toEqual({
      'scans.0.code': 'Code is too long',
    });
  });

  it('takes 1 to 1,000 offline scans with a time each', () => {
    const sync = syncBodySchema();
    const one = { nonce: 'n-1', code: 'K7QF-2MXA', scannedAt: '2031-07-01T20:30:00.000Z' };
    expect(sync.safeParse({ deviceId: 'dev_phone0001', scans: [one] }).success).toBe(true);
    expect(fieldsOf(sync.safeParse({ deviceId: 'dev_phone0001', scans: [] }))).toEqual({
      scans: 'Scans must not be empty',
    });
    expect(
      fieldsOf(sync.safeParse({ deviceId: 'dev_phone0001', scans: Array.from({ length: 1001 }, () => one) })),
    ).toEqual({ scans: 'Scans is too long' });
    expect(
      fieldsOf(sync.safeParse({ deviceId: 'dev_phone0001', scans: [{ ...one, scannedAt: 'yesterday' }] })),
    ).toEqual({ 'scans.0.scannedAt': 'Scanned at is invalid' });
  });

  it('wants a scan link name of 1 to 80 characters', () => {
    const body = createScanLinkBodySchema();
    expect(body.parse({ name: '  Main entrance ' })).toEqual({ name: 'Main entrance' });
    expect(fieldsOf(body.safeParse({ name: '' }))).toEqual({ name: 'Name is required' });
    expect(fieldsOf(body.safeParse({ name: 'x'.repeat(81) }))).toEqual({ name: 'Name is too long' });
  });
});

describe('createScannerCall', () => {
  const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    jest.fn(
      async () =>
        new Response(body === undefined ? null : JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json', ...headers },
        }),
    );

  it('answers data, or the failure with its status, fields and Retry-After', async () => {
    expect(await createScannerCall(1000, respond(200, { result: 'valid' }))('POST', '/api/scan', {})).toEqual({
      ok: true,
      data: { result: 'valid' },
    });
    expect(
      await createScannerCall(1000, respond(429, { message: 'Too many' }, { 'retry-after': '9' }))(
        'POST',
        '/api/scan',
        {},
      ),
    ).toEqual({
      ok: false,
      status: 429,
      message: 'Too many',
      fields: {},
      retryAfterSeconds: 9,
    });
  });

  it('calls a request that throws or hangs past the time limit a network failure (status 0)', async () => {
    expect(
      await createScannerCall(
        1000,
        jest.fn(async () => Promise.reject(new TypeError('offline'))),
      )('GET', '/x'),
    ).toMatchObject({ ok: false, status: 0 });
    const hanging = jest.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    expect(await createScannerCall(20, hanging as unknown as typeof fetch)('GET', '/x')).toMatchObject({
      ok: false,
      status: 0,
    });
  });
});
