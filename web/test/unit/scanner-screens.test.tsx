// The scanner's screens rendered as the BFF renders them: one unmistakable full-screen result per outcome (colour,
// words, data-result for the end-to-end tests), the door's scanner with its counts, offline banner and notices, and
// the organiser's scan links, in English and Dutch.
import { ScanResultScreen } from '../../src/features/scanner/scan-result-screen';
import { SCAN_RESULTS } from '../../src/lib/scan-model';
import { type ShownResult, TONE_CLASSES, presentResult } from '../../src/features/scanner/scan-presentation';
import { ScannerScreen, type ScannerScreenProps } from '../../src/features/scanner/scanner-screen';
import type { ScannerSnapshot, ShownScan } from '../../src/features/scanner/scanner-engine';
import { ScanLinksPanel } from '../../src/features/scanner/scan-links-panel';
import { ConflictsPanel } from '../../src/features/scanner/conflicts-panel';
import { EventScannerScreen } from '../../src/features/scanner/event-scanner-screen';
import { ScanLinkInvalidScreen } from '../../src/features/scanner/scan-link-invalid-screen';
import { render, text } from '../support/render';

const shown = (result: ShownResult, overrides: Partial<ShownScan> = {}): ShownScan => ({
  id: `nonce-${result}`,
  result,
  ticket: { reference: 'K7QF-2MXA', itemName: 'Weekend pass', status: 'created' },
  checkedInAt: '',
  checkedInByDevice: '',
  offline: false,
  ...overrides,
});

/** The opening tag of the element with the test id. */
const tagOf = (html: string, testId: string) =>
  new RegExp(`<[a-z]+[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? '';

const TITLES_EN: Record<ShownResult, string> = {
  valid: 'Valid',
  already_used: 'Already used',
  canceled: 'Canceled or revoked',
  unpaid: 'Not paid',
  wrong_event: 'Wrong event',
  invalid: 'Invalid',
  unverifiable: 'Cannot check',
};
const TITLES_NL: Record<ShownResult, string> = {
  valid: 'Geldig',
  already_used: 'Al gebruikt',
  canceled: 'Geannuleerd of ingetrokken',
  unpaid: 'Niet betaald',
  wrong_event: 'Verkeerd evenement',
  invalid: 'Ongeldig',
  unverifiable: 'Kan niet controleren',
};

describe('ScanResultScreen', () => {
  it.each([...SCAN_RESULTS, 'unverifiable' as const])(
    'shows %s full screen, in its colour, with data-result for tests',
    (result) => {
      const html = render('en', <ScanResultScreen shown={shown(result)} onDismiss={() => undefined} />);
      const tag = tagOf(html, 'scan-result');
      expect(tag).toContain(`data-result="${result}"`);
      expect(tag).toContain('fixed inset-0');
      expect(tag).toContain(TONE_CLASSES[presentResult(result).tone].split(' ')[0]);
      expect(text(html)).toContain(TITLES_EN[result]);
      expect(text(html)).toContain('Ticket K7QF-2MXA');
      expect(text(html)).toContain('Tap to scan the next ticket');
      expect(text(render('nl', <ScanResultScreen shown={shown(result)} onDismiss={() => undefined} />))).toContain(
        TITLES_NL[result],
      );
    },
  );

  it('gives valid green with the high beep, already used amber, and every refusal red with the low double beep', () => {
    expect(presentResult('valid')).toMatchObject({ tone: 'success', sound: 'accept' });
    expect(presentResult('already_used')).toMatchObject({ tone: 'warning', sound: 'reject' });
    for (const result of ['canceled', 'unpaid', 'wrong_event', 'invalid'] as const)
      expect(presentResult(result)).toMatchObject({ tone: 'danger', sound: 'reject' });
    expect(TONE_CLASSES.success).toContain('bg-green-600');
    expect(TONE_CLASSES.warning).toContain('bg-amber-500');
    expect(TONE_CLASSES.danger).toContain('bg-red-600');
  });

  it('says when and at which device an already used ticket was admitted', () => {
    const html = render(
      'en',
      <ScanResultScreen
        shown={shown('already_used', { checkedInAt: '2031-07-01T18:02:00.000Z', checkedInByDevice: 'Main entrance' })}
        onDismiss={() => undefined}
      />,
    );
    expect(text(html)).toMatch(/Checked in .*2031.* at Main entrance\./);
    expect(
      text(
        render(
          'nl',
          <ScanResultScreen
            shown={shown('already_used', { checkedInAt: '2031-07-01T18:02:00.000Z', checkedInByDevice: 'Hoofdingang' })}
            onDismiss={() => undefined}
          />,
        ),
      ),
    ).toContain('bij Hoofdingang');
  });

  it('marks a result decided offline', () => {
    const html = render(
      'en',
      <ScanResultScreen shown={shown('valid', { offline: true })} onDismiss={() => undefined} />,
    );
    expect(tagOf(html, 'scan-result')).toContain('data-offline="true"');
    expect(text(html)).toContain('Checked offline: uploaded when the connection is back');
    expect(render('en', <ScanResultScreen shown={shown('valid')} onDismiss={() => undefined} />)).not.toContain(
      'scan-result-offline',
    );
  });
});

const snapshot = (overrides: Partial<ScannerSnapshot> = {}): ScannerSnapshot => ({
  phase: 'ready',
  opened: {
    event: { id: 'evt_1', name: 'Summer Night', startsAt: '', endsAt: '', city: '', status: 'live' },
    organisationId: 'org_1',
    deviceName: 'Main entrance',
    counts: { checkedIn: 10, sold: 100 },
  },
  counts: { checkedIn: 42, sold: 120 },
  online: true,
  kitGeneratedAt: '2031-07-01T18:00:00.000Z',
  kitTickets: 120,
  queueLength: 0,
  syncing: false,
  notices: [],
  shown: null,
  busy: false,
  rateLimitedSeconds: 0,
  ...overrides,
});

const screenProps = (overrides: Partial<ScannerScreenProps> = {}): ScannerScreenProps => ({
  snapshot: snapshot(),
  camera: { state: 'idle', start: () => undefined, stop: () => undefined },
  access: 'link',
  layout: 'fullscreen',
  onSubmit: () => undefined,
  onDismiss: () => undefined,
  onDismissNotice: () => undefined,
  onSyncNow: () => undefined,
  onRetry: () => undefined,
  ...overrides,
});

describe('ScannerScreen', () => {
  it('shows the event, the device, the live count, the camera button and manual entry', () => {
    const html = render('en', <ScannerScreen {...screenProps()} />);
    const visible = text(html);
    expect(visible).toContain('Summer Night');
    expect(visible).toContain('This device: Main entrance');
    expect(visible).toContain('42 of 120 checked in');
    expect(tagOf(html, 'scan-counts')).toContain('data-checked-in="42"');
    expect(html).toContain('data-testid="camera-start"');
    expect(html).toContain('data-testid="manual-code"');
    expect(html).not.toContain('data-testid="offline-banner"');
    expect(html).not.toContain('data-testid="scan-result"');
    expect(text(render('nl', <ScannerScreen {...screenProps()} />))).toContain('42 van 120 binnen');
  });

  it('fills a phone screen without scrolling on the link page', () => {
    expect(tagOf(render('en', <ScannerScreen {...screenProps()} />), 'scanner')).toMatch(/h-dvh[^"]*overflow-hidden/);
  });

  it('shows the offline banner with the queue length, and the result over everything', () => {
    const html = render(
      'en',
      <ScannerScreen
        {...screenProps({
          snapshot: snapshot({ online: false, queueLength: 3, shown: shown('valid', { offline: true }) }),
        })}
      />,
    );
    expect(tagOf(html, 'offline-banner')).toContain('data-queue="3"');
    expect(text(html)).toContain('Offline: tickets are checked on this device and uploaded later.');
    expect(text(html)).toContain('3 check-ins waiting to upload.');
    expect(tagOf(html, 'scan-result')).toContain('data-result="valid"');
    expect(
      text(render('nl', <ScannerScreen {...screenProps({ snapshot: snapshot({ online: false, queueLength: 1 }) })} />)),
    ).toContain('1 check-in wacht op uploaden.');
  });

  it('warns when offline without a ticket list', () => {
    const html = render(
      'en',
      <ScannerScreen {...screenProps({ snapshot: snapshot({ online: false, kitGeneratedAt: '', kitTickets: 0 }) })} />,
    );
    expect(text(html)).toContain('No ticket list on this device yet');
  });

  it('lists the offline admissions the upload did not simply accept', () => {
    const notices = [
      {
        nonce: 'n1',
        outcome: 'conflict',
        reference: 'K7QF-2MXA',
        scannedAt: '2031-07-01T20:30:00.000Z',
        checkedInAt: '2031-07-01T20:10:00.000Z',
        checkedInByDevice: 'Main entrance',
      },
      {
        nonce: 'n2',
        outcome: 'canceled',
        reference: 'P3RT-8WZB',
        scannedAt: '2031-07-01T20:31:00.000Z',
        checkedInAt: '',
        checkedInByDevice: '',
      },
    ];
    const html = render('en', <ScannerScreen {...screenProps({ snapshot: snapshot({ notices }) })} />);
    expect(html.match(/data-testid="sync-notice"/g)).toHaveLength(2);
    expect(text(html)).toContain('Admitted twice · K7QF-2MXA');
    expect(text(html)).toMatch(/already admitted .* at Main entrance/);
    expect(text(html)).toContain('Canceled or revoked · P3RT-8WZB');
  });

  it('says a revoked link is not valid, and a member that they may no longer scan', () => {
    expect(
      text(render('en', <ScannerScreen {...screenProps({ snapshot: snapshot({ phase: 'revoked' }) })} />)),
    ).toContain('This scan link is not valid');
    expect(
      text(render('nl', <ScannerScreen {...screenProps({ snapshot: snapshot({ phase: 'revoked' }) })} />)),
    ).toContain('Deze scanlink is niet geldig');
    expect(
      text(
        render(
          'en',
          <ScannerScreen {...screenProps({ access: 'member', snapshot: snapshot({ phase: 'revoked' }) })} />,
        ),
      ),
    ).toContain('You can no longer scan tickets for this event.');
    expect(text(render('en', <ScanLinkInvalidScreen />))).toContain('This scan link is not valid');
  });

  it('explains a blocked camera and keeps manual entry', () => {
    const html = render(
      'en',
      <ScannerScreen
        {...screenProps({ camera: { state: 'denied', start: () => undefined, stop: () => undefined } })}
      />,
    );
    expect(text(html)).toContain('The camera is blocked.');
    expect(html).toContain('data-testid="manual-submit"');
  });

  it('offers to try again when it cannot open at all', () => {
    expect(
      text(
        render(
          'en',
          <ScannerScreen {...screenProps({ snapshot: snapshot({ phase: 'unavailable', opened: null }) })} />,
        ),
      ),
    ).toContain('The scanner cannot open');
  });
});

const link = {
  id: 'scl_1',
  eventId: 'evt_1',
  name: 'Main entrance',
  createdBy: 'usr_1',
  createdAt: '2031-07-01T12:00:00.000Z',
  revokedAt: '',
  lastUsedAt: '',
  checkIns: 4,
  expiresAt: '',
  revokedReason: '',
};
const revoked = {
  ...link,
  id: 'scl_2',
  name: 'Old door',
  revokedAt: '2031-07-01T13:00:00.000Z',
  lastUsedAt: '2031-07-01T12:30:00.000Z',
  checkIns: 0,
};
const never = async () => {
  throw new Error('not called while rendering');
};
const linkActions = { list: never, create: never, revoke: never };

describe('ScanLinksPanel and ConflictsPanel', () => {
  it('lists the links with their use and offers revoking only the active ones', () => {
    const html = render('en', <ScanLinksPanel links={[link, revoked]} actions={linkActions} />);
    expect(html.match(/data-testid="scan-link-row"/g)).toHaveLength(2);
    expect(tagOf(html, 'scan-link-row')).toContain('data-status="active"');
    expect(html.match(/data-testid="scan-link-revoke"/g)).toHaveLength(1);
    expect(text(html)).toContain('Never');
    expect(text(render('nl', <ScanLinksPanel links={[revoked]} actions={linkActions} />))).toContain('Ingetrokken');
    expect(text(render('en', <ScanLinksPanel links={[]} actions={linkActions} />))).toContain('No scan links yet.');
  });

  it('shows when a link expires, an expired link as such (no revoke), and why ticketing revoked one', () => {
    const expiring = { ...link, id: 'scl_3', expiresAt: '2999-01-01T00:00:00.000Z' };
    const expired = { ...link, id: 'scl_4', expiresAt: '2001-01-01T00:00:00.000Z' };
    const makerLeft = { ...revoked, id: 'scl_5', revokedReason: 'member_removed' };
    const html = render('en', <ScanLinksPanel links={[expiring, expired, makerLeft]} actions={linkActions} />);
    const statuses = [...html.matchAll(/data-testid="scan-link-row"[^>]*data-status="(\w+)"/g)].map(
      (match) => match[1],
    );
    expect(statuses).toEqual(['active', 'expired', 'revoked']);
    expect(html.match(/data-testid="scan-link-revoke"/g)).toHaveLength(1);
    expect(text(html)).toContain('Expired');
    expect(text(html)).toContain('Revoked: its maker left the organisation');
    expect(text(render('nl', <ScanLinksPanel links={[makerLeft]} actions={linkActions} />))).toContain(
      'de maker heeft de organisatie verlaten',
    );
  });

  it('lists conflicts with both admissions', () => {
    const conflict = {
      ticketId: 'tkt_1',
      reference: 'K7QF-2MXA',
      firstCheckedInAt: '2031-07-01T20:10:00.000Z',
      firstDevice: 'Main entrance',
      secondCheckedInAt: '2031-07-01T20:30:00.000Z',
      secondDevice: 'Side door',
      recordedAt: '2031-07-01T21:00:00.000Z',
    };
    const html = render('en', <ConflictsPanel conflicts={[conflict]} load={never} />);
    expect(text(html)).toMatch(/K7QF-2MXA .* at Main entrance .* at Side door/);
    expect(text(render('en', <ConflictsPanel conflicts={[]} load={never} />))).toContain('No conflicts.');
  });

  it('puts the scanner, the links and the conflicts on the member page', () => {
    const scannerApi = { open: never, scan: never, offlineKit: never, sync: never };
    const html = render(
      'nl',
      <EventScannerScreen
        eventName="Zomeravond"
        scanner={{ api: scannerApi, scope: 'event:org_1:evt_1', initial: snapshot().opened, deviceId: 'dev_phone0001' }}
        links={[link]}
        linkActions={linkActions}
        conflicts={[]}
        loadConflicts={never}
      />,
    );
    const visible = text(html);
    expect(visible).toContain('Tickets scannen');
    expect(visible).toContain('Zomeravond');
    expect(visible).toContain('10 van 100 binnen');
    expect(visible).toContain('Scanlinks');
    expect(visible).toContain('Conflicten');
    expect(tagOf(html, 'scanner')).toContain('data-phase="ready"');
  });
});
