import { randomBytes } from 'node:crypto';
import { newId, randomToken } from '@kassa/platform/ids';
import { isLinkToken, isValidPage, pageRules } from '../../server/site/page-validity';
import { decideRoute } from '../../server/site/route-guard';

const ids = { org: newId('org'), evt: newId('evt'), shp: newId('shp'), ord: newId('ord'), tkt: newId('tkt') };
const hash = randomToken();

describe("the page rules of the spec's routes", () => {
  it.each([
    `/o/${ids.org}`,
    `/o/${ids.org}/shops`,
    `/o/${ids.org}/settings/members`,
    `/o/${ids.org}/events`,
    `/o/${ids.org}/events/${ids.evt}`,
    `/o/${ids.org}/events/${ids.evt}/scan`,
    `/s/${ids.shp}`,
    `/s/${ids.shp}/dashboard`,
    `/event/${ids.evt}`,
    `/order/${ids.ord}`,
    `/ticket/${ids.tkt}`,
    `/scan/${hash}`,
    '/',
    '/orders/anything/at/all',
    '/terms',
    '/o',
  ])('accepts %s', (path) => {
    expect(isValidPage(path)).toBe(true);
  });

  it.each([
    '/o/org_1',
    `/o/${ids.evt}`,
    `/o/${ids.org}/events/${ids.shp}`,
    `/o/${ids.org}/events/nope/settings`,
    `/s/${ids.evt}`,
    '/s/shop',
    `/event/${ids.org}`,
    `/event/${ids.evt.toUpperCase()}`,
    `/order/${ids.ord}x`,
    `/ticket/${ids.ord}`,
    '/scan/short',
    `/scan/${hash}A`,
    `/scan/${randomBytes(32).toString('base64')}`,
    '/event/%E0%A4%A',
  ])('refuses %s', (path) => {
    expect(isValidPage(path)).toBe(false);
  });

  it('knows a link token', () => {
    expect(isLinkToken(randomToken())).toBe(true);
    expect(isLinkToken(randomToken(16))).toBe(false);
    expect(isLinkToken(`${randomToken().slice(0, 42)}=`)).toBe(false);
  });

  it('runs first in the proxy: an invalid id is a 404 even for a path that needs a session', () => {
    const rules = { locales: ['en', 'nl'], defaultLocale: 'en', pageRules, redirectRules: [] };
    expect(decideRoute({ pathname: '/nl/o/org_x', search: '', hasSessionCookie: false }, rules)).toEqual({
      action: 'not-found',
    });
    expect(decideRoute({ pathname: `/o/${ids.org}`, search: '', hasSessionCookie: false }, rules)).toMatchObject({
      action: 'redirect',
    });
    expect(decideRoute({ pathname: `/nl/scan/${hash}`, search: '', hasSessionCookie: false }, rules)).toEqual({
      action: 'continue',
    });
  });
});
