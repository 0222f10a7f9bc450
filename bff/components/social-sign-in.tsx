'use client';
// Social sign-in in the browser (spec §7): a 960×600 popup centred on this window opens the provider; the popup's
// last page writes a storage signal; this window hears it, refetches the session and moves on like the code flow.
// A window that finds the popup marker while nobody is signed in is a stray popup: it drops the marker and closes.
import { SocialSignInButtons, type SocialProviderOption } from '@kassa/web/features/auth/social-sign-in-buttons';
import { useEffect, useRef, useState } from 'react';
import { AUTH_POPUP_MARKER_KEY, AUTH_SIGNAL_KEY } from '../lib/auth-signal';

export const POPUP_WIDTH = 960;
export const POPUP_HEIGHT = 600;

/** The popup's features: the default size, centred on the opener (clamped to the screen's top-left). */
export function popupFeatures(opener: {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}): string {
  const left = Math.max(0, Math.round(opener.screenX + (opener.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(opener.screenY + (opener.outerHeight - POPUP_HEIGHT) / 2));
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings): the popup still signs in; the fallback page takes over.
    return null;
  }
}

async function sessionUser(): Promise<unknown> {
  try {
    const response = await fetch('/api/_auth/session', {
      headers: { accept: 'application/json' },
      cache: 'no-store',
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { user?: unknown } | null;
    return body?.user ?? null;
  } catch {
    return null;
  }
}

export interface SocialSignInProps {
  providers: readonly SocialProviderOption[];
  locale: string;
  /** Called once the signal came and the session is there; navigates like the code flow does. */
  onSignedIn(): void;
}

export function SocialSignIn({ providers, locale, onSignedIn }: SocialSignInProps) {
  const [pending, setPending] = useState<string | null>(null);
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== AUTH_SIGNAL_KEY || !event.newValue) return;
      storage()?.removeItem(AUTH_POPUP_MARKER_KEY);
      void sessionUser().then((user) => {
        if (user) onSignedInRef.current();
        else setPending(null);
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const start = (providerId: string) => {
    const url = `/api/_auth/social/${encodeURIComponent(providerId)}/start?locale=${encodeURIComponent(locale)}`;
    storage()?.setItem(AUTH_POPUP_MARKER_KEY, String(Date.now()));
    const popup = window.open(url, 'kassa-social-sign-in', popupFeatures(window));
    if (!popup) {
      // Popup blocked: sign in in this window instead; the callback page then goes on to the account.
      storage()?.removeItem(AUTH_POPUP_MARKER_KEY);
      window.location.assign(url);
      return;
    }
    popup.focus();
    setPending(providerId);
    // Closed without signing in: give the buttons back (the signal, if it comes later, is still heard).
    const watch = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(watch);
      setPending(null);
    }, 500);
  };

  return <SocialSignInButtons providers={providers} onStart={start} pendingProviderId={pending} />;
}

/** Mounted on every page: a stray sign-in popup (marker set, opened by another window, nobody signed in) closes itself. */
export function PopupMarkerCleanup() {
  useEffect(() => {
    const store = storage();
    if (!store?.getItem(AUTH_POPUP_MARKER_KEY) || !window.opener) return;
    let cancelled = false;
    void sessionUser().then((user) => {
      if (cancelled || user) return;
      store.removeItem(AUTH_POPUP_MARKER_KEY);
      window.close();
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
