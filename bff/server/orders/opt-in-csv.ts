// The mailing opt-ins export: one row per guest who ticked "keep me posted" with a paid order (ordering's ListOptIns),
// for the organiser's mailing tool, and the query that narrows it to one event and to days in the organisation's zone.
// bff/server/csv.ts writes the rows as RFC 4180 with the formula guard.
import { messages } from '@kassa/platform/errors';
import { addDays, fromWallClock, isCalendarDay } from '@kassa/contracts/time-zones';
import type { OptIn } from '@kassa/proto/ordering/v1/orders';
import { csvRow, fileNameSlug } from '../csv';
import { HttpProblem } from '../http-problem';
import { isPrefixedId } from '../site/page-validity';
import { iso } from '../iso-date';

/** The column headings in the reader's language. */
export interface OptInCsvLabels {
  email: string;
  locale: string;
  firstPaidAt: string;
  lastPaidAt: string;
  orders: string;
}

export function optInCsvHeader(labels: OptInCsvLabels): string {
  return csvRow([labels.email, labels.locale, labels.firstPaidAt, labels.lastPaidAt, labels.orders]);
}

export function optInCsvRow(optIn: OptIn): string {
  return csvRow([optIn.email, optIn.locale, iso(optIn.firstPaidAt), iso(optIn.lastPaidAt), optIn.orders]);
}

/** "opt-ins-<organisation>.csv", or the organisation's id when nothing of its name is left. */
export function optInsFileName(organisationName: string, organisationId: string): string {
  return `opt-ins-${fileNameSlug(organisationName) || organisationId}.csv`;
}

export interface OptInQuery {
  /** '' for every event. */
  eventId: string;
  paidFrom?: Date;
  paidUntil?: Date;
}

/**
 * ?event=evt_…&from=YYYY-MM-DD&until=YYYY-MM-DD: the event, and whole days from the start of `from` to the end of
 * `until` in the organisation's time zone (what the organiser means by "paid in March"). 400 with a message per
 * field for anything else.
 */
export function optInQuery(search: URLSearchParams, timeZone: string): OptInQuery {
  const fields: Record<string, string> = {};
  const eventId = search.get('event') ?? '';
  if (eventId && !isPrefixedId('evt', eventId)) fields.event = messages.invalid('Event');
  const from = search.get('from') ?? '';
  const until = search.get('until') ?? '';
  if (from && !isCalendarDay(from)) fields.from = messages.invalid('From');
  if (until && !isCalendarDay(until)) fields.until = messages.invalid('Until');
  else if (from && until && until < from) fields.until = messages.invalid('Until');
  if (Object.keys(fields).length > 0) throw new HttpProblem(400, { message: messages.genericForm, fields });
  const startOf = (day: string) => fromWallClock(`${day}T00:00`, timeZone) ?? undefined;
  return {
    eventId,
    paidFrom: from ? startOf(from) : undefined,
    paidUntil: until ? startOf(addDays(until, 1)) : undefined,
  };
}
