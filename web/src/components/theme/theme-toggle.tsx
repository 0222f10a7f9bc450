'use client';

import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useTheme } from 'next-themes';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';
import { isThemeMode, THEME_MODES, type ThemeMode } from './theme-options';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

export interface ThemeToggleProps {
  className?: string;
}

/** Three radio buttons: light, dark, system. Disabled while the route forces a mode. */
export function ThemeToggle({ className }: ThemeToggleProps) {
  const t = useTranslations('Ui.theme');
  const { theme, setTheme, forcedTheme } = useTheme();
  // The stored choice is only known in the browser: render "nothing selected" on the server and first paint.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const current: ThemeMode | undefined = mounted && isThemeMode(theme) ? theme : undefined;
  return (
    <div
      role="radiogroup"
      aria-label={t('label')}
      aria-disabled={forcedTheme ? true : undefined}
      className={cn('inline-flex items-center gap-0.5 rounded-md border border-border bg-background p-0.5', className)}
    >
      {THEME_MODES.map((mode) => {
        const Icon = ICONS[mode];
        const checked = current === mode;
        return (
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={checked}
            title={t(mode)}
            disabled={Boolean(forcedTheme)}
            onClick={() => setTheme(mode)}
            className={cn(
              'inline-flex size-8 items-center justify-center rounded text-muted-foreground transition-colors hover:bg-muted hover:text-foreground disabled:opacity-50',
              checked && 'bg-muted text-foreground',
            )}
          >
            <Icon aria-hidden className="size-4" />
            <span className="sr-only">{t(mode)}</span>
          </button>
        );
      })}
    </div>
  );
}
