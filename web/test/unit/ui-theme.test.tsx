import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  brandAttributes,
  isThemeMode,
  resolveThemeMode,
  THEME_MODES,
  THEME_STORAGE_KEY,
} from '../../src/components/theme/theme-options';
import { ForcedTheme, ThemeProvider } from '../../src/components/theme/theme-provider';
import { ThemeToggle } from '../../src/components/theme/theme-toggle';
import { render, text } from '../support/render';

describe('theme options', () => {
  it('offers light, dark and system, stored under kassa-theme', () => {
    expect(THEME_MODES).toEqual(['light', 'dark', 'system']);
    expect(THEME_STORAGE_KEY).toBe('kassa-theme');
    expect(isThemeMode('system')).toBe(true);
    expect(isThemeMode('sepia')).toBe(false);
  });

  it('resolves the mode shown: forced first, then the choice, system following the OS', () => {
    expect(resolveThemeMode('light', true)).toBe('light');
    expect(resolveThemeMode('system', true)).toBe('dark');
    expect(resolveThemeMode(undefined, false)).toBe('light');
    expect(resolveThemeMode('garbage', true)).toBe('dark');
    expect(resolveThemeMode('dark', false, 'light')).toBe('light');
  });

  it('switches the brand with data-theme="amber"', () => {
    expect(brandAttributes('amber')).toEqual({ 'data-theme': 'amber' });
    expect(brandAttributes('default')).toEqual({});
  });
});

describe('ThemeProvider', () => {
  it('writes the pre-paint script with class attribute, storage key and system default', () => {
    const html = render(
      'en',
      <ThemeProvider>
        <p>page</p>
      </ThemeProvider>,
    );
    expect(html).toContain('("class","kassa-theme","system",null,["light","dark"]');
    expect(text(html)).toContain('page');
  });

  it('passes a forced mode to the script', () => {
    const html = render(
      'en',
      <ThemeProvider forcedTheme="dark">
        <p>scan</p>
      </ThemeProvider>,
    );
    expect(html).toContain('("class","kassa-theme","system","dark",');
  });

  it('lets a page force a mode for its own subtree from the server on', () => {
    const html = render(
      'en',
      <ThemeProvider>
        <ForcedTheme theme="light">
          <p>ticket</p>
        </ForcedTheme>
      </ThemeProvider>,
    );
    expect(html).toContain('<div class="light contents"><p>ticket</p></div>');
  });
});

describe('ThemeToggle', () => {
  it.each([
    ['en', 'Colour mode', ['Light', 'Dark', 'System']],
    ['nl', 'Kleurmodus', ['Licht', 'Donker', 'Systeem']],
  ] as const)('offers the three modes as radio buttons in %s', (locale, label, modes) => {
    const html = render(
      locale,
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(html).toContain(`role="radiogroup" aria-label="${label}"`);
    expect(html.match(/role="radio"/g)).toHaveLength(3);
    for (const mode of modes) expect(html).toContain(`title="${mode}"`);
  });

  it('is disabled while a mode is forced', () => {
    const html = render(
      'en',
      <ThemeProvider forcedTheme="light">
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(html).toContain('aria-disabled="true"');
    expect(html.match(/disabled=""/g)).toHaveLength(3);
  });
});

describe('theme tokens', () => {
  const css = readFileSync(join(__dirname, '../../src/styles/globals.css'), 'utf8');

  it('define green/blue/slate in light and dark, and the amber/stone override', () => {
    expect(css).toMatch(
      /:root,\s*\.light \{[^}]*--primary: var\(--color-green-700\)[^}]*--secondary: var\(--color-blue-600\)[^}]*--foreground: var\(--color-slate-900\)/,
    );
    expect(css).toMatch(/\.dark \{[^}]*--primary: var\(--color-green-500\)[^}]*--background: var\(--color-slate-950\)/);
    expect(css).toMatch(
      /\[data-theme="amber"\][^{]*\{[^}]*--primary: var\(--color-amber-500\)[^}]*--foreground: var\(--color-stone-900\)/,
    );
    expect(css).toContain('@custom-variant dark (&:where(.dark, .dark *));');
    expect(css).toContain('@media (prefers-reduced-motion: reduce)');
  });
});
