// The localStorage keys of social sign-in (spec §7), shared by the popup's last page and the opener's listener.

/** Written by the popup's last page after a sign-in; the opener listens for its storage event and refetches the session. */
export const AUTH_SIGNAL_KEY = 'kassa:auth-signal';
/** Set by the opener while a sign-in popup is open; a stray popup that finds it with nobody signed in closes itself. */
export const AUTH_POPUP_MARKER_KEY = 'kassa:auth-popup';
