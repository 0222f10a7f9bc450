import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  formatFigures,
  mustBeAtLeast,
  mustBeAtMost,
  mustBeZero,
  mustEqual,
  readRecordedFigures,
  recordFigures,
  verifySize,
} from '../../figures';

describe('verify figures', () => {
  it('judges each kind of figure', () => {
    expect(mustBeZero('load', 'oversold', 0).ok).toBe(true);
    expect(mustBeZero('load', 'oversold', 1).ok).toBe(false);
    expect(mustBeAtLeast('load', 'paid', 5, 1)).toMatchObject({ ok: true, mustBe: '≥ 1' });
    expect(mustBeAtLeast('load', 'paid', 0, 1).ok).toBe(false);
    expect(mustEqual('faults', 'kills', 20, 20)).toMatchObject({ ok: true, mustBe: '= 20' });
    expect(mustEqual('faults', 'kills', 19, 20).ok).toBe(false);
    expect(mustBeAtMost('faults', 'duplicate e-mails', 2, 3).ok).toBe(true);
    expect(mustBeAtMost('faults', 'duplicate e-mails', 4, 3).ok).toBe(false);
  });

  it('prints one aligned table and lists what is not ok with its note', () => {
    const table = formatFigures([
      mustBeZero('load', 'oversold', 0),
      mustBeAtLeast('abuse', 'answered 429', 0, 1, 'no flood request was limited'),
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^section\s+\| figure\s+\|\s+value \| must be\s+\| ok$/);
    expect(lines[2]).toMatch(/^load\s+\| oversold\s+\|\s+0 \| 0\s+\| yes$/);
    expect(lines[3]).toMatch(/\| NO$/);
    expect(table).toContain('abuse / answered 429: no flood request was limited');
  });

  it('says under the table how each figure is counted, once per rule, and flags a figure no rule counts', () => {
    const table = formatFigures([
      mustBeZero('load', 'oversold at the end', 0),
      mustBeZero('load', 'double charges', 0),
      mustBeZero('load', 'lost orders', 0),
      mustBeZero('abuse', 'content policy: pages where a script injected into the HTML ran', 0),
      mustBeZero('elsewhere', 'a figure of a section nobody knows', 0),
    ]);
    const counting = table.slice(table.indexOf('how each figure is counted:')).split('\n').slice(1);
    expect(counting[0]).toMatch(
      /^ {2}load \/ oversold at the end…: by the reconciliation: the orders' own allocations/,
    );
    expect(counting[1]).toMatch(/^ {2}load \/ the other figures: by the load driver/);
    expect(counting[2]).toMatch(/^ {2}abuse \/ content policy:…: in Chromium/);
    expect(counting[3]).toBe(
      '  !! elsewhere / a figure of a section nobody knows: no rule in scripts/verify/counting.ts says how it is counted',
    );
    expect(counting).toHaveLength(4);
  });

  it('collects what sections recorded, in the order of the issue', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verify-figures-'));
    try {
      recordFigures('abuse', [mustBeZero('abuse', 'secrets found', 0)], dir);
      recordFigures('load', [mustBeZero('load', 'oversold', 0)], dir);
      recordFigures('load', [mustBeZero('load', 'double charges', 0)], dir);
      // A section's other records beside its figures are not figures.
      writeFileSync(join(dir, 'bad-input-findings.json'), JSON.stringify({ seed: 1, findings: [] }));
      expect(readRecordedFigures(dir).map((f) => f.figure)).toEqual(['oversold', 'double charges', 'secrets found']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs full size only when asked', () => {
    expect(verifySize({ VERIFY_SIZE: 'full' })).toBe('full');
    expect(verifySize({})).toBe('ci');
  });
});
