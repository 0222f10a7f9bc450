// Times at the door: today's as "14:32", older ones with their date.
import type { Formatter } from '../../lib/formatter';

export function formatScanMoment(format: Formatter, iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (iso === '' || Number.isNaN(at.getTime())) return '';
  const sameDay = format.dateTime(at, { dateStyle: 'short' }) === format.dateTime(now, { dateStyle: 'short' });
  return sameDay
    ? format.dateTime(at, { hour: '2-digit', minute: '2-digit' })
    : format.dateTime(at, { dateStyle: 'medium', timeStyle: 'short' });
}
