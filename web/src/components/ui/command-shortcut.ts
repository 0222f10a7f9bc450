// The command menu's keyboard shortcut, pure so it can be tested without a browser.

export interface KeyLike {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

/** ⌘K on macOS, Ctrl+K elsewhere (either is accepted everywhere); not with Alt or Shift, which other shortcuts use. */
export function isCommandMenuShortcut(event: KeyLike): boolean {
  return event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey;
}

/** The hint shown in the UI, per platform. */
export function commandMenuShortcutLabel(platform: string): string {
  return /mac|iphone|ipad/i.test(platform) ? '⌘K' : 'Ctrl+K';
}
