// Colour modes and brand of the UI; pure values shared by the provider, the toggle and tests.

/** What a person can choose: the two modes, or follow the operating system. Stored in the browser. */
export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
/** What a route can force: a concrete mode (forcing "system" would force nothing). */
export type ForcedMode = Exclude<ThemeMode, 'system'>;

/** localStorage key next-themes keeps the choice under. */
export const THEME_STORAGE_KEY = 'kassa-theme';
/** next-themes writes the mode as a class on <html> (`light` / `dark`), which the CSS tokens key on. */
export const THEME_ATTRIBUTE = 'class';
export const DEFAULT_THEME_MODE: ThemeMode = 'system';

/** The spec's brand override (primary amber, neutral stone); "default" is green/blue/slate. */
export const THEME_BRANDS = ['default', 'amber'] as const;
export type ThemeBrand = (typeof THEME_BRANDS)[number];

/** Attributes that switch the brand on <html> or a wrapper element: `<html {...brandAttributes('amber')}>`. */
export function brandAttributes(brand: ThemeBrand): { 'data-theme'?: 'amber' } {
  return brand === 'amber' ? { 'data-theme': 'amber' } : {};
}

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

/** The mode actually shown: a forced mode wins, then the chosen one; "system" resolves to the OS preference. */
export function resolveThemeMode(
  chosen: string | undefined,
  systemPrefersDark: boolean,
  forced?: ForcedMode,
): ForcedMode {
  if (forced) return forced;
  const mode = isThemeMode(chosen) ? chosen : DEFAULT_THEME_MODE;
  if (mode === 'system') return systemPrefersDark ? 'dark' : 'light';
  return mode;
}
