import { FailedPreconditionError } from '@kassa/platform/errors';
import {
  type EventStatus,
  type StatusChange,
  changeStatus,
  isDueToEnd,
  isPubliclyVisible,
} from '../../src/domain/event-status';

const now = new Date('2026-06-01T12:00:00Z');
const future = { endsAt: new Date('2026-06-02T00:00:00Z'), now };
const past = { endsAt: new Date('2026-05-31T00:00:00Z'), now };

describe('the event status machine', () => {
  it.each<[EventStatus, StatusChange, typeof future, EventStatus, boolean]>([
    ['draft', 'published', future, 'live', true],
    ['live', 'published', future, 'live', false],
    ['live', 'converted_to_draft', future, 'draft', true],
    ['ended', 'converted_to_draft', past, 'draft', true],
    ['draft', 'converted_to_draft', future, 'draft', false],
    ['live', 'ended', past, 'ended', true],
    ['ended', 'ended', past, 'ended', false],
    ['draft', 'deleted', future, 'deleted', true],
    ['live', 'deleted', future, 'deleted', true],
    ['ended', 'deleted', past, 'deleted', true],
    ['deleted', 'deleted', future, 'deleted', false],
  ])('%s --%s--> %s', (from, change, dates, to, changed) => {
    expect(changeStatus(from, change, dates)).toEqual({ status: to, changed });
  });

  it.each<[EventStatus, StatusChange, typeof future]>([
    ['draft', 'published', past],
    ['ended', 'published', past],
    ['ended', 'published', future],
    ['deleted', 'published', future],
    ['deleted', 'converted_to_draft', future],
    ['draft', 'ended', past],
    ['deleted', 'ended', past],
    ['live', 'ended', future],
  ])('refuses %s --%s--> with FAILED_PRECONDITION', (from, change, dates) => {
    expect(() => changeStatus(from, change, dates)).toThrow(FailedPreconditionError);
  });

  it('refuses to publish an event whose end is exactly now', () => {
    expect(() => changeStatus('draft', 'published', { endsAt: now, now })).toThrow('The event has already ended');
  });

  it('is due to end only when live and at or past its end', () => {
    expect(isDueToEnd({ status: 'live', endsAt: now }, now)).toBe(true);
    expect(isDueToEnd({ status: 'live', endsAt: future.endsAt }, now)).toBe(false);
    expect(isDueToEnd({ status: 'draft', endsAt: past.endsAt }, now)).toBe(false);
  });

  it('shows only live and ended events to guests', () => {
    expect(['draft', 'live', 'ended', 'deleted'].filter(isPubliclyVisible)).toEqual(['live', 'ended']);
  });
});
