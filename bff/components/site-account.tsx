'use client';
// The public site's header shows who is signed in (§7: the session is loaded on start-up). The site's pages are
// prerendered and the same for everyone, so the session is asked for in the browser, after the page has shown.
import { SiteAccountMenu } from '@kassa/web/features/site/site-account-menu';
import type { SessionUser } from '@kassa/web/lib/api-result';
import { useLocale } from 'next-intl';
import { type ReactNode, useEffect, useState } from 'react';
import { getPathname, useRouter } from '../i18n/navigation';
import { callApi } from '../lib/api-client';

/** `signInLink` until a session is known; the account menu once GET /api/_auth/session names a user. */
export function SiteAccount({ signInLink }: { signInLink: ReactNode }) {
  const locale = useLocale();
  const router = useRouter();
  const [user, setUser] = useState<SessionUser | null>(null);
  useEffect(() => {
    let current = true;
    void callApi<{ user: SessionUser } | null>('GET', '/api/_auth/session').then((result) => {
      if (current && result.ok && result.data?.user) setUser(result.data.user);
    });
    return () => {
      current = false;
    };
  }, []);
  if (!user) return signInLink;
  return (
    <SiteAccountMenu
      user={user}
      navigate={(href) => router.push(href)}
      signOut={() => callApi('DELETE', '/api/_auth/session')}
      // A full page load: whatever the page showed for the signed-in visitor goes with the session.
      onSignedOut={() => window.location.assign(getPathname({ href: '/', locale }))}
    />
  );
}
