// Dates render the same on the server (Node's ICU) and in the browser (Chromium's): a difference in one space is
// React's hydration error #418. Node writes ranges with thin and narrow no-break spaces; the browser with plain ones.
import { EventDates } from '../../src/features/events/event-dates';
import { plainSpaces } from '../../src/lib/formatter';
import { render, type TestLocale } from '../support/render';

const ICU_SPACES = /[\u2009\u202f]/;
const start = '2027-03-12T19:00:00.000Z';
const sameEvening = '2027-03-12T22:30:00.000Z';
const twoDaysLater = '2027-03-14T22:30:00.000Z';

describe('dates read the same on the server and in the browser', () => {
  it("Node's own range has the spaces the browser does not write (why the formatter exists)", () => {
    const range = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).formatRange(
      new Date(start),
      new Date(twoDaysLater),
    );
    expect(range).toMatch(ICU_SPACES);
    expect(plainSpaces(range)).not.toMatch(ICU_SPACES);
    expect(plainSpaces(range).replace(/ /g, '')).toBe(range.replace(/[\s]/g, ''));
  });

  it.each([
    ['en', sameEvening],
    ['en', twoDaysLater],
    ['nl', sameEvening],
    ['nl', twoDaysLater],
  ] as [TestLocale, string][])('an event’s dates in %s (to %s) carry plain spaces only', (locale, endsAt) => {
    const html = render(locale, <EventDates startsAt={start} endsAt={endsAt} timeZone="Europe/Amsterdam" />);
    const shown = /<time[^>]*>([^<]*)<\/time>/.exec(html)?.[1] ?? '';
    expect(shown).toContain('2027');
    expect(shown).not.toMatch(ICU_SPACES);
  });
});
