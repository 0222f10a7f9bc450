/**
 * @jest-environment node
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_MESSAGES, clientMessages, type MessageNamespace } from '../../server/site/client-messages';
import { clientNamespacesOf } from '../support/client-namespaces';

// Each provider of client messages must carry every namespace the client components under it use: a missing one
// shows message keys instead of text. The walk follows each file's imports into 'use client' modules (esbuild).
const repoRoot = path.resolve(__dirname, '../../..');
const app = 'bff/app/[locale]';
const site = `${app}/(site)`;

/** Every page and boundary of the public site, and the list it gives its client components. */
const SITE_FILES: [file: string, key: keyof typeof CLIENT_MESSAGES][] = [
  [`${site}/page.tsx`, 'landing'],
  [`${site}/contact/page.tsx`, 'contact'],
  [`${site}/terms/page.tsx`, 'legal'],
  [`${site}/privacy/page.tsx`, 'legal'],
  [`${site}/docs/page.tsx`, 'docs'],
  [`${site}/event/[eventId]/page.tsx`, 'event'],
  [`${site}/sign-in/page.tsx`, 'signIn'],
  [`${site}/sign-up/page.tsx`, 'signUp'],
  [`${site}/account/page.tsx`, 'account'],
  [`${site}/account/invitations/[token]/page.tsx`, 'invitation'],
  [`${site}/account/invitations/[token]/not-found.tsx`, 'invitation'],
];

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
function filesUnder(directory: string, name: RegExp): string[] {
  return readdirSync(path.join(repoRoot, directory)).flatMap((entry) => {
    const relative = `${directory}/${entry}`;
    if (statSync(path.join(repoRoot, relative)).isDirectory()) return filesUnder(relative, name);
    return name.test(entry) ? [relative] : [];
  });
}
const missing = (used: Set<string>, given: readonly string[]) => [...used].filter((name) => !given.includes(name));

describe('the messages each part of the site hands to the browser', () => {
  it('names every page and boundary of the public site', () => {
    expect(filesUnder(site, /^(page|not-found|error|forbidden)\.tsx$/).sort()).toEqual(
      SITE_FILES.map(([file]) => file).sort(),
    );
  });

  it.each(SITE_FILES)(
    '%s gives its client components CLIENT_MESSAGES.%s, which has all they use',
    async (file, key) => {
      expect(read(file)).toContain(`<ClientMessages namespaces={CLIENT_MESSAGES.${key}}>`);
      const { namespaces, dynamic } = await clientNamespacesOf([file]);
      expect(dynamic).toEqual([]);
      expect({ file, missing: missing(namespaces, CLIENT_MESSAGES[key]) }).toEqual({ file, missing: [] });
    },
  );

  it.each([
    [
      'the document (runtime, error screen)',
      ['layout.tsx', 'error.tsx'],
      'document',
      'clientMessages(locale, CLIENT_MESSAGES.document)',
    ],
    ['the not-found screen', ['not-found.tsx'], 'notFound', '<ClientMessages namespaces={CLIENT_MESSAGES.notFound}>'],
    ['the forbidden screen', ['forbidden.tsx'], 'forbidden', '<ClientMessages namespaces={CLIENT_MESSAGES.forbidden}>'],
  ] as const)('gives %s what it uses', async (_part, names, key, wiring) => {
    const files = names.map((name) => `${app}/${name}`);
    expect(read(files[0]!)).toContain(wiring);
    const { namespaces, dynamic } = await clientNamespacesOf(files);
    expect(dynamic).toEqual([]);
    expect(missing(namespaces, CLIENT_MESSAGES[key])).toEqual([]);
  });

  it("gives the site's header what it uses", async () => {
    const frame = await clientNamespacesOf([`${site}/layout.tsx`]);
    expect(missing(frame.namespaces, CLIENT_MESSAGES.siteFrame)).toEqual([]);
    expect(read(`${site}/layout.tsx`)).toContain('<ClientMessages namespaces={CLIENT_MESSAGES.siteFrame}>');
  });

  it('gives every other part (dashboards, scanner, shop, guest pages) every namespace from its own layout', () => {
    const segments = readdirSync(path.join(repoRoot, app)).filter(
      (entry) => entry !== '(site)' && statSync(path.join(repoRoot, app, entry)).isDirectory(),
    );
    expect(segments.length).toBeGreaterThanOrEqual(7);
    // The shop's segment gives it from the dashboard's layout: its public page has a list of its own (below).
    const layoutOf = (segment: string) =>
      segment === 's' ? `${app}/s/[shopId]/(dashboard)/layout.tsx` : `${app}/${segment}/layout.tsx`;
    for (const segment of segments)
      expect([segment, read(layoutOf(segment))]).toEqual([
        segment,
        expect.stringContaining('<ClientMessages namespaces="all">'),
      ]);
    expect(read(`${app}/s/layout.tsx`)).not.toContain('ClientMessages');
  });

  it("gives the public shop page what its own client components use (its header has the site frame's)", async () => {
    const file = `${app}/s/[shopId]/page.tsx`;
    expect(read(file)).toContain('<ClientMessages namespaces={CLIENT_MESSAGES.shop}>');
    const { namespaces, dynamic } = await clientNamespacesOf([file]);
    expect(dynamic).toEqual([]);
    expect(missing(namespaces, [...CLIENT_MESSAGES.shop, ...CLIENT_MESSAGES.siteFrame])).toEqual([]);
    // Control: the page's walk does reach the shop's own screens.
    expect([...namespaces]).toEqual(expect.arrayContaining(['PublicShop', 'Checkout']));
  });

  it('control: the walk finds the client components of a page and what they use', async () => {
    const landing = await clientNamespacesOf([`${site}/page.tsx`]);
    expect(landing.clientFiles).toEqual(expect.arrayContaining(['web/src/features/marketing/waitlist-form.tsx']));
    expect(missing(landing.namespaces, [])).toEqual(expect.arrayContaining(['Marketing']));
  });

  it('picks the namespaces asked for in the locale asked for, and the whole catalogue for "all"', () => {
    const picked = clientMessages('nl', ['Marketing', 'Auth']);
    expect(Object.keys(picked).sort()).toEqual(['Auth', 'Marketing']);
    expect(picked.Auth).toEqual((clientMessages('nl', 'all') as Record<MessageNamespace, unknown>).Auth);
    expect(picked.Auth).not.toEqual(clientMessages('en', ['Auth']).Auth);
    expect(Object.keys(clientMessages('en', 'all')).length).toBeGreaterThan(20);
  });
});
