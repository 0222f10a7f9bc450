'use client';

import { ThemeProvider as NextThemesProvider } from 'next-themes';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { DEFAULT_THEME_MODE, THEME_ATTRIBUTE, THEME_MODES, THEME_STORAGE_KEY, type ForcedMode } from './theme-options';

export {
  brandAttributes,
  THEME_MODES,
  THEME_STORAGE_KEY,
  type ForcedMode,
  type ThemeBrand,
  type ThemeMode,
} from './theme-options';

type ForceSetter = (mode: ForcedMode | undefined) => void;
const ForceContext = createContext<ForceSetter | null>(null);

export interface ThemeProviderProps {
  children: ReactNode;
  /**
   * Forces a mode for everything inside, ignoring (but keeping) the stored choice. Use it in the layout of a
   * route group that is always light or dark: this is applied before paint, without a flash.
   */
  forcedTheme?: ForcedMode;
}

/**
 * Light, dark and system colour modes, stored in the browser under "kassa-theme", system by default.
 * Put it once inside <body> of the root layout, and add `suppressHydrationWarning` to <html>
 * (next-themes sets the class on <html> before React hydrates).
 */
export function ThemeProvider({ children, forcedTheme }: ThemeProviderProps) {
  const [forcedByPage, setForcedByPage] = useState<ForcedMode | undefined>(undefined);
  return (
    <ForceContext.Provider value={setForcedByPage}>
      <NextThemesProvider
        attribute={THEME_ATTRIBUTE}
        storageKey={THEME_STORAGE_KEY}
        defaultTheme={DEFAULT_THEME_MODE}
        themes={THEME_MODES.filter((mode) => mode !== 'system')}
        enableSystem
        disableTransitionOnChange
        forcedTheme={forcedTheme ?? forcedByPage}
      >
        {children}
      </NextThemesProvider>
    </ForceContext.Provider>
  );
}

/**
 * Rendered by a page, forces a mode while that page is shown and gives the choice back when it leaves.
 * It applies after hydration; for no flash on first load, prefer `forcedTheme` on a route group's ThemeProvider.
 * Its children (if any) are also wrapped in the mode's class, so they render in it from the server on.
 */
export function ForcedTheme({ theme, children }: { theme: ForcedMode; children?: ReactNode }) {
  const force = useContext(ForceContext);
  useEffect(() => {
    force?.(theme);
    return () => force?.(undefined);
  }, [force, theme]);
  if (children === undefined) return null;
  // display: contents keeps the layout as if the wrapper were not there; the CSS tokens still inherit from it.
  return <div className={`${theme} contents`}>{children}</div>;
}
