// The Attendees CSV: RFC 4180 quoting, the formula-injection guard, the byte order mark, localized headings, the
// file name, and the export's page walk (streamed, a failure aborting instead of shortening the file).
import type { AttendeeView } from '@kassa/web/features/tickets/ticket-model';
import { attachmentDisposition, csvCell, csvRow } from '../../server/csv';
import { attendeeCsvHeader, attendeeCsvRow, attendeesFileName } from '../../server/events/attendee-csv';
import { attendeeCsvLabels, attendeesCsvStream, type AttendeePage } from '../../server/events/attendee-export';
import { logger } from '../../server/logger';

const attendee = (n: number, extra: Partial<AttendeeView> = {}): AttendeeView => ({
  ticketId: `tkt_01jc5v3q8x000000000000000${n}`,
  reference: `K7QF-2MX${n}`,
  status: 'created',
  orderId: 'ord_01jc5v3q8x0000000000000001',
  orderNumber: 'K-2031-0042',
  email: `guest${n}@example.test`,
  itemName: 'Weekend pass',
  checkedInAt: '',
  device: '',
  issuedAt: '2031-07-01T10:02:00.000Z',
  subscribed: false,
  ...extra,
});

const bytesOf = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

describe('CSV cells', () => {
  it('leaves plain values alone and quotes those with a comma, quote, line break or edge space, doubling quotes', () => {
    expect(csvCell('Weekend pass')).toBe('Weekend pass');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('Pass, weekend')).toBe('"Pass, weekend"');
    expect(csvCell('The "big" one')).toBe('"The ""big"" one"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell('')).toBe('');
    expect(csvCell('Zoë Ørsted')).toBe('Zoë Ørsted');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+31 6 12345678', "'+31 6 12345678"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('neutralises %j so no spreadsheet runs it as a formula', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('guards only text: numbers are ours, and a formula character inside a value is harmless', () => {
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell('a=b@c.d')).toBe('a=b@c.d');
    expect(csvRow(['a', 1, true])).toBe('a,1,true\r\n');
  });
});

describe('attendee rows', () => {
  const labels = attendeeCsvLabels('en');

  it('has headings in the organiser language', () => {
    expect(attendeeCsvHeader(labels)).toBe(
      'Reference,Status,Item,Order number,E-mail,Mailings opt-in,Issued at (UTC),Checked in at (UTC),Device,Ticket ID\r\n',
    );
    expect(attendeeCsvHeader(attendeeCsvLabels('nl'))).toBe(
      'Referentie,Status,Item,Bestelnummer,E-mail,Toestemming mailings,Uitgegeven op (UTC),Ingecheckt op (UTC),Apparaat,Ticket-ID\r\n',
    );
  });

  it('writes one record per attendee with the status word, ISO moments and the opt-in', () => {
    const row = attendeeCsvRow(
      attendee(1, { status: 'used', checkedInAt: '2031-07-04T16:05:00.000Z', device: 'Door 1', subscribed: true }),
      labels,
    );
    expect(row).toBe(
      'K7QF-2MX1,used,Weekend pass,K-2031-0042,guest1@example.test,yes,2031-07-01T10:02:00.000Z,2031-07-04T16:05:00.000Z,Door 1,tkt_01jc5v3q8x0000000000000001\r\n',
    );
    expect(
      attendeeCsvRow(
        attendee(2, { email: '=cmd|"/c calc"!A1@x.test', itemName: 'VIP, front row' }),
        attendeeCsvLabels('nl'),
      ),
    ).toBe(
      `K7QF-2MX2,created,"VIP, front row",K-2031-0042,"'=cmd|""/c calc""!A1@x.test",nee,2031-07-01T10:02:00.000Z,,,tkt_01jc5v3q8x0000000000000002\r\n`,
    );
  });

  it('names the file after the event, in ASCII, falling back to its id', () => {
    expect(attendeesFileName('Summer Fest 2031', 'evt_x')).toBe('attendees-summer-fest-2031.csv');
    expect(attendeesFileName('Zoë’s Café — Nacht/Dag "Live"', 'evt_x')).toBe('attendees-zoe-s-cafe-nacht-dag-live.csv');
    expect(attendeesFileName('夏祭り', 'evt_01jc5v3q8x0000000000000001')).toBe(
      'attendees-evt_01jc5v3q8x0000000000000001.csv',
    );
    expect(attendeesFileName('x'.repeat(100), 'evt_x')).toBe(`attendees-${'x'.repeat(60)}.csv`);
    expect(attachmentDisposition('attendees-summer-fest.csv')).toBe('attachment; filename="attendees-summer-fest.csv"');
  });
});

describe('the export stream', () => {
  const labels = attendeeCsvLabels('en');

  it('starts with the UTF-8 byte order mark and the headings, then walks every page in order', async () => {
    const pages: Record<string, AttendeePage> = {
      '': { attendees: [attendee(1), attendee(2)], nextPageToken: 'p2' },
      p2: { attendees: [attendee(3)], nextPageToken: 'p3' },
      p3: { attendees: [attendee(4, { email: 'zoë@example.test' })], nextPageToken: '' },
    };
    const asked: string[] = [];
    const stream = await attendeesCsvStream(async (token) => {
      asked.push(token);
      return pages[token]!;
    }, labels);
    // The first page is read before the answer starts, so a refusal is still an HTTP status.
    expect(asked).toEqual(['']);
    const bytes = await bytesOf(stream);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(attendeeCsvHeader(labels).trimEnd());
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual([
      'K7QF-2MX1',
      'K7QF-2MX2',
      'K7QF-2MX3',
      'K7QF-2MX4',
    ]);
    expect(lines.at(-1)).toBe('');
    expect(bytes.toString('utf8')).toContain('zoë@example.test');
    expect(asked).toEqual(['', 'p2', 'p3']);
  });

  it('answers the headings alone for an event without attendees', async () => {
    const bytes = await bytesOf(await attendeesCsvStream(async () => ({ attendees: [], nextPageToken: '' }), labels));
    expect(bytes.subarray(3).toString('utf8')).toBe(attendeeCsvHeader(labels));
  });

  it('lets a failing first page fail the request itself', async () => {
    await expect(
      attendeesCsvStream(async () => Promise.reject(new Error('ticketing is away')), labels),
    ).rejects.toThrow('ticketing is away');
  });

  it('aborts the download when a later page fails, rather than ending it short', async () => {
    const quiet = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    const stream = await attendeesCsvStream(async (token) => {
      if (token === '') return { attendees: [attendee(1)], nextPageToken: 'p2' };
      throw new Error('ticketing went away');
    }, labels);
    await expect(bytesOf(stream)).rejects.toThrow('ticketing went away');
    quiet.mockRestore();
  });

  it('stops when ticketing hands out the same cursor again', async () => {
    const stream = await attendeesCsvStream(async () => ({ attendees: [attendee(1)], nextPageToken: 'again' }), labels);
    await expect(bytesOf(stream)).rejects.toThrow('kept answering');
  });
});
