import { z } from 'zod';
import { checkBody, schemaKnowsPath } from '../../server/request-body';
import { checkoutBody } from '../../server/shops/checkout-requests';

const cart = {
  items: [{ itemId: 'itm_01m8m2r6kmmwjycngmj5gv46we', quantity: 1 }],
  email: 'guest@example.com',
  idempotencyKey: 'a'.repeat(32),
};

describe('schemaKnowsPath', () => {
  it('follows shapes, array elements, defaults and pipes, and nothing the schema would drop', () => {
    expect(schemaKnowsPath(checkoutBody, ['items', '0', 'quantity'])).toBe(true);
    expect(schemaKnowsPath(checkoutBody, ['email'])).toBe(true);
    expect(schemaKnowsPath(checkoutBody, ['donationMinor'])).toBe(true);
    expect(schemaKnowsPath(checkoutBody, ['items', '0', 'isAdmin'])).toBe(false);
    expect(schemaKnowsPath(checkoutBody, ['items', 'x'])).toBe(false);
    expect(schemaKnowsPath(checkoutBody, ['organisationId'])).toBe(false);
    expect(schemaKnowsPath(checkoutBody, ['email', 'x'])).toBe(false);
    expect(schemaKnowsPath(z.looseObject({ a: z.string() }), ['b'])).toBe(true);
    expect(schemaKnowsPath(z.record(z.string(), z.string()), ['any'])).toBe(true);
  });
});

describe('checkBody with a control character', () => {
  it('names it in a field the schema knows, also when the body fails for another reason', () => {
    const result = checkBody(checkoutBody, { ...cart, email: 'guest\u0007@example.com', donationMinor: 0.5 });
    expect(result).toEqual({
      ok: false,
      fields: { donationMinor: 'Donation is invalid', email: expect.stringMatching(/Email/) },
    });
  });

  it('never names a key the schema would drop, nested in a line or at the top', () => {
    // Found by the bad-input fuzzer: an extra "isAdmin" in a line, holding a control character, came back as
    // 'Is admin is invalid', a field no form has.
    const body = {
      ...cart,
      items: [{ ...cart.items[0], isAdmin: '\u0001' }],
      organisationId: '\u0002',
      donationMinor: 0.5,
    };
    expect(checkBody(checkoutBody, body, (path) => path.join('.'))).toEqual({
      ok: false,
      fields: { donationMinor: 'Donation is invalid' },
    });
    // Nor a key below a field that holds a value, not an object.
    expect(checkBody(checkoutBody, { ...cart, email: { x: '\u0001' } }, (path) => path.join('.'))).toEqual({
      ok: false,
      fields: { email: 'Email is invalid' },
    });
    const valid = checkBody(checkoutBody, { ...body, donationMinor: 0 }, (path) => path.join('.'));
    expect(valid).toMatchObject({ ok: true, data: { items: [{ quantity: 1 }] } });
  });
});
