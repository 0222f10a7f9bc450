import { AccountScreen, type AccountScreenProps } from '../../src/features/account/account-screen';
import type { AccountSession } from '../../src/lib/account-session';
import { attributesOf, labelFor, render, text } from '../support/render';

const never = () => new Promise<never>(() => {});
const noop = () => {};
const user = { id: 'usr_1', email: 'jane@example.com', displayName: 'Jane Doe', locale: 'en' };
const session = (overrides: Partial<AccountSession>): AccountSession => ({
  id: 'ses_01jc5v3q8x0000000000000000',
  createdAt: '2026-11-20T09:30:00.000Z',
  lastSeenAt: '2026-11-22T10:00:00.000Z',
  clientIp: '203.0.113.x',
  userAgent: 'Chrome on Linux',
  current: true,
  ...overrides,
});

function props(overrides: Partial<AccountScreenProps> = {}): AccountScreenProps {
  return {
    user,
    sessions: [session({})],
    locales: ['en', 'nl'],
    dashboardHref: '/o/org_01jc5v3q8x0000000000000000',
    updateProfile: never,
    listSessions: never,
    endOtherSessions: never,
    endSession: never,
    onLocaleSaved: noop,
    signOut: never,
    onSignedOut: noop,
    ...overrides,
  };
}

describe('AccountScreen', () => {
  it.each([
    ['en', 'Your account', 'Sign out', 'Name', 'Language', 'Active sessions', 'This browser'],
    ['nl', 'Je account', 'Uitloggen', 'Naam', 'Taal', 'Actieve sessies', 'Deze browser'],
  ] as const)(
    'shows profile, e-mail, preferences and sessions in %s',
    (locale, title, signOut, name, language, sessions, current) => {
      const html = render(locale, <AccountScreen {...props()} />);
      expect(text(html)).toContain(title);
      expect(html).toContain('data-testid="account-name">Jane Doe</dd>');
      expect(html).toContain('data-testid="account-email">jane@example.com</dd>');
      expect(labelFor(html, 'displayName')).toBe(name);
      expect(attributesOf(html, 'displayName')).toMatchObject({ value: 'Jane Doe', autoComplete: 'name' });
      expect(labelFor(html, 'locale')).toBe(language);
      expect(html).toMatch(/<option value="en"[^>]*selected=""[^>]*>English<\/option>/);
      expect(html).toContain('>Nederlands</option>');
      expect(text(html)).toContain(sessions);
      expect(text(html)).toContain(current);
      expect(html).toContain('href="/o/org_01jc5v3q8x0000000000000000"');
      // The one "sign out" button when this is the only session: the existing sign-out flow stays unambiguous.
      expect(
        html.match(/<button[^>]*>[^<]*<\/button>/g)?.filter((button) => button.includes(`>${signOut}<`)),
      ).toHaveLength(1);
      expect(html).toContain('data-testid="no-other-sessions"');
    },
  );

  it('lists other sessions with masked addresses, per-session sign-out and "Sign out of other sessions"', () => {
    const other = session({
      id: 'ses_01jc5v3q8x0000000000000001',
      current: false,
      userAgent: 'Firefox on Windows',
      clientIp: '198.51.100.x',
    });
    const html = render('en', <AccountScreen {...props({ sessions: [session({}), other] })} />);
    expect(html.match(/data-testid="session-row"/g)).toHaveLength(2);
    expect(text(html)).toContain('Firefox on Windows');
    expect(text(html)).toContain('198.51.100.x · Last active');
    expect(html).toContain('aria-label="Sign out Firefox on Windows"');
    expect(text(html)).toContain('Sign out of other sessions');
    expect(html).not.toContain('data-testid="no-other-sessions"');
    const nl = render('nl', <AccountScreen {...props({ sessions: [session({}), other] })} />);
    expect(text(nl)).toContain('Uitloggen bij andere sessies');
    expect(nl).toContain('aria-label="Firefox on Windows uitloggen"');
  });

  it('names sessions it cannot describe, and says when no name was given', () => {
    const html = render(
      'en',
      <AccountScreen
        {...props({ user: { ...user, displayName: '' }, sessions: [session({ userAgent: '', clientIp: '' })] })}
      />,
    );
    expect(text(html)).toContain('Unknown browser');
    expect(text(html)).toContain('Unknown address');
    expect(html).toContain('data-testid="account-name">Not set</dd>');
  });

  it('renders the colour-mode control it is given', () => {
    const html = render(
      'en',
      <AccountScreen {...props({ colourModeControl: <span data-testid="toggle">toggle</span> })} />,
    );
    expect(text(html)).toContain('Colour mode toggle Stored in this browser.');
  });
});
