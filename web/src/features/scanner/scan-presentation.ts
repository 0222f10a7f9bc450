// How each outcome looks and sounds at the door: one glance (colour, icon, a word) and one sound must say it.

import type { ScanResult } from '../../lib/scan-model';

/** What the result screen can show: a scan's result, or that an offline scanner had nothing to check against. */
export type ShownResult = ScanResult | 'unverifiable';

export type ResultTone = 'success' | 'warning' | 'danger';
export type ResultSound = 'accept' | 'reject';
export type ResultIcon = 'check' | 'repeat' | 'ban' | 'wallet' | 'calendar' | 'x' | 'wifi-off';

export interface ResultPresentation {
  tone: ResultTone;
  sound: ResultSound;
  icon: ResultIcon;
}

const PRESENTATIONS: Record<ShownResult, ResultPresentation> = {
  valid: { tone: 'success', sound: 'accept', icon: 'check' },
  already_used: { tone: 'warning', sound: 'reject', icon: 'repeat' },
  canceled: { tone: 'danger', sound: 'reject', icon: 'ban' },
  unpaid: { tone: 'danger', sound: 'reject', icon: 'wallet' },
  wrong_event: { tone: 'danger', sound: 'reject', icon: 'calendar' },
  invalid: { tone: 'danger', sound: 'reject', icon: 'x' },
  unverifiable: { tone: 'danger', sound: 'reject', icon: 'wifi-off' },
};

export function presentResult(result: ShownResult): ResultPresentation {
  return PRESENTATIONS[result];
}

/** Full-screen backgrounds: saturated enough to read from a metre away in daylight, with white text on each. */
export const TONE_CLASSES: Record<ResultTone, string> = {
  success: 'bg-green-600 text-white',
  warning: 'bg-amber-500 text-black',
  danger: 'bg-red-600 text-white',
};

/** How long a result stays before the scanner is ready again (a tap dismisses it sooner). */
export const RESULT_DISPLAY_MS = 2500;

/** The beeps: one high tone to admit, two low ones for every refusal. Frequencies in Hz, durations in ms. */
export const BEEPS: Record<
  ResultSound,
  { frequency: number; durationMs: number; gapMs: number; count: number; wave: OscillatorType }
> = {
  accept: { frequency: 1320, durationMs: 180, gapMs: 0, count: 1, wave: 'sine' },
  reject: { frequency: 220, durationMs: 170, gapMs: 90, count: 2, wave: 'square' },
};
