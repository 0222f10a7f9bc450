import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { commandDestinations } from '../../src/features/dashboard/command-destinations';
import {
  activeKey,
  eventTabFromQuery,
  eventTabs,
  generalDestinations,
  organisationNav,
  settingsTabs,
  shopNav,
  shopTabFromQuery,
  shopTabs,
} from '../../src/features/dashboard/destinations';

const ORG = 'org_01jc5v3q8x0000000000000000';
const SHOP = 'shp_01jc5v3q8x0000000000000000';
const EVENT = 'evt_01jc5v3q8x0000000000000000';

// The BFF renders these pages; a destination without a page file would be a dead link.
const PAGES_ROOT = join(__dirname, '../../../bff/app/[locale]');

/** The page file a locale-free path resolves to (static segments first, then [param] folders; (group) folders are transparent). */
function pageFileFor(href: string): string | undefined {
  const segments = href.split('?')[0]!.split('/').filter(Boolean);
  const search = (dir: string, rest: string[]): string | undefined => {
    const entries = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    if (rest.length === 0) {
      if (existsSync(join(dir, 'page.tsx'))) return join(dir, 'page.tsx');
      for (const group of entries.filter((entry) => /^\(.+\)$/.test(entry.name))) {
        const found = search(join(dir, group.name), rest);
        if (found) return found;
      }
      return undefined;
    }
    const [head, ...tail] = rest;
    const candidates = [
      ...entries.filter((entry) => entry.name === head),
      ...entries.filter((entry) => /^\[[^.\]]+\]$/.test(entry.name)),
      ...entries.filter((entry) => /^\(.+\)$/.test(entry.name)),
    ];
    for (const candidate of candidates) {
      const isGroup = /^\(.+\)$/.test(candidate.name);
      const found = search(join(dir, candidate.name), isGroup ? rest : tail);
      if (found) return found;
    }
    return undefined;
  };
  return search(PAGES_ROOT, segments);
}

const everyHref = [
  ...organisationNav(ORG),
  ...shopNav(SHOP),
  ...generalDestinations(),
  ...eventTabs(ORG, EVENT),
  ...settingsTabs(ORG),
  ...shopTabs(ORG, SHOP),
  ...commandDestinations({ orgId: ORG, shopId: SHOP }).flatMap((group) => group.items),
].map((item) => item.href);

describe('dashboard destinations', () => {
  it('lists the sidebar in the spec order', () => {
    expect(organisationNav(ORG).map((item) => item.key)).toEqual([
      'dashboard',
      'events',
      'shops',
      'payments',
      'orders',
      'scan',
      'settings',
    ]);
    expect(shopNav(SHOP).map((item) => item.key)).toEqual(['dashboard', 'orders', 'tickets', 'settings']);
    expect(eventTabs(ORG, EVENT).map((tab) => tab.key)).toEqual([
      'overview',
      'ticketOptions',
      'attendees',
      'history',
      'settings',
    ]);
    expect(settingsTabs(ORG).map((tab) => tab.key)).toEqual(['overview', 'members', 'payments']);
    expect(shopTabs(ORG, SHOP).map((tab) => tab.key)).toEqual([
      'overview',
      'items',
      'discountCodes',
      'history',
      'settings',
    ]);
  });

  it('has no dead links: every href resolves to a page file of the BFF', () => {
    expect(existsSync(PAGES_ROOT)).toBe(true);
    const missing = everyHref.filter((href) => pageFileFor(href) === undefined);
    expect(missing).toEqual([]);
    // The resolver itself refuses a path that has no page.
    expect(pageFileFor(`/o/${ORG}/nowhere`)).toBeUndefined();
    expect(pageFileFor(`/s/${SHOP}/nowhere`)).toBeUndefined();
  });

  it('offers every sidebar entry and every general place in the command menu', () => {
    const commands = commandDestinations({ orgId: ORG, shopId: SHOP }).flatMap((group) =>
      group.items.map((item) => item.href),
    );
    for (const item of [...organisationNav(ORG), ...shopNav(SHOP), ...generalDestinations()])
      expect(commands).toContain(item.href);
    expect(commandDestinations({ orgId: ORG }).map((group) => group.group)).toEqual(['organisation', 'general']);
  });

  it('marks the entry of the current page active, the most specific one winning', () => {
    const items = organisationNav(ORG);
    expect(activeKey(items, `/o/${ORG}`)).toBe('dashboard');
    expect(activeKey(items, `/o/${ORG}/`)).toBe('dashboard');
    expect(activeKey(items, `/o/${ORG}/events`)).toBe('events');
    expect(activeKey(items, `/o/${ORG}/events/${EVENT}/settings`)).toBe('events');
    expect(activeKey(items, `/o/${ORG}/scan`)).toBe('scan');
    expect(organisationNav(ORG).find((item) => item.key === 'scan')?.href).toBe(`/o/${ORG}/scan`);
    expect(activeKey(items, `/o/${ORG}/events/${EVENT}/scan`)).toBe('scan');
    expect(activeKey(items, `/o/${ORG}/events`, 'for=scan')).toBe('scan');
    expect(activeKey(items, `/o/${ORG}/settings/members`)).toBe('settings');
    expect(activeKey(items, `/o/${ORG}/shopsx`)).toBe('dashboard');
    expect(activeKey(items, '/account')).toBeUndefined();
    expect(activeKey(shopNav(SHOP), `/s/${SHOP}/settings`)).toBe('settings');
  });

  it('reads the tab of a shared route from ?tab=, falling back to the overview', () => {
    expect(eventTabFromQuery('ticket-options')).toBe('ticketOptions');
    expect(eventTabFromQuery('attendees')).toBe('attendees');
    expect(eventTabFromQuery(['history'])).toBe('overview');
    expect(eventTabFromQuery('settings')).toBe('overview');
    expect(eventTabFromQuery(undefined)).toBe('overview');
    expect(shopTabFromQuery('discount-codes')).toBe('discountCodes');
    expect(shopTabFromQuery('nope')).toBe('overview');
  });
});
