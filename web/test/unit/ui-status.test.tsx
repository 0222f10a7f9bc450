import { messagesByLocale, render, text } from '../support/render';
import {
  EMAIL_DELIVERY_STATUSES,
  LIFECYCLE_STATUSES,
  STATUS_TONES,
  STATUS_WORDS,
  StatusBadge,
  statusTone,
  toStatusWord,
} from '../../src/components/ui/status-badge';

const SPEC_WORDS =
  'canceled, closed, completed, created, deleted, draft, ended, expired, live, open, pending, public, reserved, unknown, used, visible, paid, authorized, failed';
const SPEC_EMAIL_WORDS =
  'bounce, complaint, delivery, send, reject, opened, click, renderingFailure, deliveryDelay, subscription, notSent';

describe('status words', () => {
  it('are exactly the spec §4 lists', () => {
    expect(LIFECYCLE_STATUSES.join(', ')).toBe(SPEC_WORDS);
    expect(EMAIL_DELIVERY_STATUSES.join(', ')).toBe(SPEC_EMAIL_WORDS);
    expect(Object.keys(STATUS_TONES).sort()).toEqual([...STATUS_WORDS].sort());
  });

  it.each(['en', 'nl'] as const)('each has a label in %s', (locale) => {
    const labels = messagesByLocale[locale].Ui.status as Record<string, string>;
    expect(Object.keys(labels).sort()).toEqual([...STATUS_WORDS].sort());
    for (const word of STATUS_WORDS) expect(labels[word]?.length).toBeGreaterThan(0);
  });

  it('gives tones that say how things went', () => {
    expect(statusTone('paid')).toBe('success');
    expect(statusTone('failed')).toBe('danger');
    expect(statusTone('bounce')).toBe('danger');
    expect(statusTone('pending')).toBe('warning');
    expect(statusTone('reserved')).toBe('info');
    expect(statusTone('draft')).toBe('neutral');
  });

  it('treats a word it does not know as unknown', () => {
    expect(toStatusWord('refunded')).toBe('unknown');
    expect(toStatusWord('toString')).toBe('unknown');
    expect(statusTone('refunded')).toBe('neutral');
  });
});

describe('StatusBadge', () => {
  it.each([
    ['en', 'paid', 'Paid', 'bg-success-muted'],
    ['nl', 'paid', 'Betaald', 'bg-success-muted'],
    ['en', 'deliveryDelay', 'Delivery delayed', 'bg-warning-muted'],
    ['nl', 'canceled', 'Geannuleerd', 'bg-danger-muted'],
  ] as const)('shows %s "%s" as "%s" in its tone', (locale, status, label, toneClass) => {
    const html = render(locale, <StatusBadge status={status} />);
    expect(text(html)).toBe(label);
    expect(html).toContain(`data-status="${status}"`);
    expect(html).toContain(toneClass);
  });

  it('renders every word in both locales', () => {
    for (const word of STATUS_WORDS) {
      expect(text(render('en', <StatusBadge status={word} />))).toBe(messagesByLocale.en.Ui.status[word]);
      expect(text(render('nl', <StatusBadge status={word} />))).toBe(messagesByLocale.nl.Ui.status[word]);
    }
  });

  it('shows an unknown word as Unknown', () => {
    const html = render('en', <StatusBadge status="refunded" />);
    expect(text(html)).toBe('Unknown');
    expect(html).toContain('data-status="unknown"');
  });
});
