import { controlCharacterViolations, hasControlCharacters } from '../../src/errors';

describe('control characters', () => {
  it('are C0 controls (but tab, line feed and carriage return) and DEL', () => {
    for (let code = 0; code < 0x20; code++)
      expect(hasControlCharacters(`a${String.fromCharCode(code)}b`)).toBe(![0x09, 0x0a, 0x0d].includes(code));
    expect(hasControlCharacters('\u007f')).toBe(true);
    for (const text of ['', 'plain', 'é😀', '\u00a0', '\u200b', 'line\nline\r\n\tend'])
      expect(hasControlCharacters(text)).toBe(false);
  });

  it('are found in every string of a request, named by path and label, and not in bytes, dates or keys', () => {
    const request = {
      email: 'guest@example.test\u0000',
      discountCode: 'ok',
      lines: [{ name: 'fine' }, { name: 'a\u0007b' }],
      location: { postal_code: '\u001b' },
      payload: Buffer.from([0, 1, 2]),
      at: new Date(),
      tags: ['x', '\u007f'],
      ['key\u0000']: 'value',
    };
    expect(controlCharacterViolations(request)).toEqual([
      { field: 'email', message: 'Email is invalid' },
      { field: 'lines.1.name', message: 'Name is invalid' },
      { field: 'location.postal_code', message: 'Postal code is invalid' },
      { field: 'tags.1', message: 'Tag is invalid' },
    ]);
    expect(controlCharacterViolations({ email: 'guest@example.test', description: 'two\nlines' })).toEqual([]);
    expect(controlCharacterViolations('\u0000')).toEqual([{ field: 'request', message: 'Value is invalid' }]);
    expect(controlCharacterViolations({ itemIds: ['itm_1', 'a\u0000'], ticketOptionId: '\u0007' })).toEqual([
      { field: 'itemIds.1', message: 'Item ID is invalid' },
      { field: 'ticketOptionId', message: 'Ticket option ID is invalid' },
    ]);
  });

  it('walk a body nested ten thousand levels deep without overflowing', () => {
    let deep: unknown = 'a\u0000';
    for (let level = 0; level < 10_000; level++) deep = { a: [deep] };
    const [violation] = controlCharacterViolations(deep);
    expect(violation!.field.split('.')).toHaveLength(20_000);
  });
});
