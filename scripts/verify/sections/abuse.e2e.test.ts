// `npm run verify`'s abuse section at the size VERIFY_SIZE picks (CI's in `npm test`): sign-in brute force and
// account enumeration, scans of replayed, forged, random, revoked and foreign codes, cross-site requests against
// every state-changing route, and floods of the public endpoints. The secrets scan is abuse-secrets.e2e.test.ts.
//
// Its own platform with the production limits (the shared e2e stack raises identity's per-IP code limit), and the
// BFF with TRUST_PROXY=1 as behind the ingress: it then takes the client's address from X-Forwarded-For
// (bff/server/request-context.ts clientIp), which is how this test, all on loopback, is many attackers, owners,
// door phones and buyers at once.
import { randomBytes } from 'node:crypto';
import { recordFigures, type VerifyFigure, verifySize } from '../figures';
import { crossSiteRequests } from '../abuse/csrf';
import { floodPublicEndpoints } from '../abuse/floods';
import { okBody } from '../abuse/http';
import { scanAbuse } from '../abuse/scan';
import { buyAndPay, type Organiser, organiserWithShop, type ShopPlatform } from '../abuse/shop';
import { signInBruteForce, signInTiming } from '../abuse/sign-in';
import { abuseSizes } from '../abuse/sizes';
import type { HeldLock } from '@kassa/testing/file-lock';
import { holdRushLock, RUSH_LOCK_WAIT_MS } from '@kassa/testing/rush-lock';
import { type Stack, startStack } from '@kassa/testing/stack';

jest.setTimeout(300_000);

const SECTION = 'abuse';
const sizes = abuseSizes(verifySize());
const log = (line: string) => console.log(line);

function expectAllOk(figures: VerifyFigure[]): void {
  recordFigures(SECTION, figures);
  log(
    figures
      .map(
        (f) => `${f.ok ? 'ok ' : 'NO '} ${f.figure}: ${f.value} (must be ${f.mustBe})${f.note ? ` — ${f.note}` : ''}`,
      )
      .join('\n'),
  );
  expect(figures.filter((figure) => !figure.ok)).toEqual([]);
}

describe('abuse', () => {
  let stack: Stack;
  let platform: ShopPlatform;
  let rush: HeldLock | undefined;
  let organiser: Promise<Organiser> | undefined;
  /** The organiser the cross-site requests and the floods aim at: made once, when first needed. */
  const mainOrganiser = () => (organiser ??= organiserWithShop(platform, 'main'));

  beforeAll(async () => {
    // Not beside the load section's rush (testing/src/rush-lock.ts): held until this section's platform stops.
    rush = await holdRushLock('abuse', log);
    const started = Date.now();
    stack = await startStack(
      'abuse',
      ['mail', 'identity', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications', 'bff'],
      {
        env: {
          // The production limit (the shared stack raises it to 1000 for the whole suite's sign-ins from 127.0.0.1).
          identity: { SIGNIN_SEND_LIMIT_PER_IP: '30' },
          // As behind the ingress (charts/kassa/values.yaml): X-Forwarded-For names the client.
          bff: { TRUST_PROXY: '1' },
        },
      },
    );
    platform = { bffUrl: stack.info.bffUrl!, mailInboxUrl: stack.info.mailInboxUrl!, stack: stack.info };
    log(`abuse: platform started in ${Math.round((Date.now() - started) / 1000)} s`);
  }, RUSH_LOCK_WAIT_MS + 300_000);

  afterAll(async () => {
    await stack?.stop();
    await rush?.release();
  });

  it('sign-in codes resist brute force across many addresses and IPs, without locking the owner out or telling accounts apart', async () => {
    expectAllOk(await signInBruteForce(platform, sizes.signIn, log));
  });

  it('sign-in answers take as long with an account as without', async () => {
    expectAllOk(await signInTiming(platform, sizes.signIn, log));
  });

  it('the door admits every valid ticket once and nothing else', async () => {
    expectAllOk(await scanAbuse(platform, sizes.scan, log));
  });

  it('no state-changing route accepts a cross-site request, and no webhook an unsigned event', async () => {
    const org = await mainOrganiser();
    const purchase = await buyAndPay(platform.bffUrl, org, 1);
    const { link } = okBody<{ link: { id: string } }>(
      await org.browser.call('POST', `/api/organisations/${org.orgId}/events/${org.eventId}/scan-links`, {
        body: { name: 'Door' },
      }),
      'create scan link',
    );
    const { sessions } = okBody<{ sessions: { id: string }[] }>(
      await org.browser.call('GET', '/api/account/sessions'),
      'list sessions',
    );
    expectAllOk(
      await crossSiteRequests(
        {
          bffUrl: platform.bffUrl,
          databases: stack.info.databases,
          organiser: org.browser,
          ids: {
            orgId: org.orgId,
            eventId: org.eventId,
            shopId: org.shopId,
            itemId: org.itemId,
            orderId: purchase.orderId,
            linkId: link.id,
            id: sessions[0]!.id,
            token: randomBytes(32).toString('base64url'),
            provider: 'google',
          },
          control: { method: 'GET', path: '/api/account/sessions' },
        },
        log,
      ),
    );
  });

  it('floods of the public endpoints are rate limited with Retry-After while buyers still get through', async () => {
    const org = await mainOrganiser();
    const { secret } = okBody<{ secret: string }>(
      await org.browser.call('POST', `/api/organisations/${org.orgId}/events/${org.eventId}/scan-links`, {
        body: { name: 'Flooded door' },
      }),
      'create scan link',
    );
    const { orderId, accessKey } = await buyAndPay(platform.bffUrl, org, 1);
    expectAllOk(
      await floodPublicEndpoints(
        {
          bffUrl: platform.bffUrl,
          shopId: org.shopId,
          itemId: org.itemId,
          scanSecret: secret,
          orderId,
          orderAccessKey: accessKey,
        },
        sizes.flood,
        log,
      ),
    );
  });
});
