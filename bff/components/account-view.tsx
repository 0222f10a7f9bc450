'use client';
import { AccountScreen } from '@kassa/web/features/account/account-screen';
import { ThemeToggle } from '@kassa/web/components/theme/theme-toggle';
import type { AccountSession, ProfileChanges } from '@kassa/web/lib/account-session';
import type { SessionUser } from '@kassa/web/lib/api-result';
import { useLocale } from 'next-intl';
import { getPathname, Link } from '../i18n/navigation';
import { routing } from '../i18n/routing';
import { callApi } from '../lib/api-client';

export interface AccountViewProps {
  user: SessionUser;
  sessions: AccountSession[];
  /** Locale-free path of the user's dashboard. */
  dashboardHref: string;
}

/** Wires the account screen to the BFF's account endpoints. */
export function AccountView({ user, sessions, dashboardHref }: AccountViewProps) {
  const locale = useLocale();
  return (
    <AccountScreen
      user={user}
      sessions={sessions}
      locales={routing.locales}
      dashboardHref={dashboardHref}
      Link={Link}
      colourModeControl={<ThemeToggle />}
      updateProfile={(changes: ProfileChanges) =>
        callApi<{ user: SessionUser }>('PATCH', '/api/account/profile', changes)
      }
      listSessions={() => callApi<{ sessions: AccountSession[] }>('GET', '/api/account/sessions')}
      endOtherSessions={() => callApi<{ endedCount: number }>('POST', '/api/account/sessions/end-others')}
      endSession={(sessionId) => callApi('DELETE', `/api/account/sessions/${encodeURIComponent(sessionId)}`)}
      // A full page load in the saved language: every server component re-renders in it.
      onLocaleSaved={(saved) => window.location.assign(getPathname({ href: '/account', locale: saved }))}
      signOut={() => callApi('DELETE', '/api/_auth/session')}
      onSignedOut={() => window.location.assign(getPathname({ href: '/sign-in', locale }))}
    />
  );
}
