import { controlCharacterGrpcCases, namesField } from '../../fuzz/control-characters';
import { protoTypesFromSources, readProtoTypes } from '../../fuzz/proto-types';

describe('the control-character class of the fuzzer', () => {
  it('taints every string field of a request once, nested messages and lists included, and names the field as the server does', () => {
    const types = protoTypesFromSources({
      'kassa/x/v1/x': [
        "import { Money } from './money';",
        'export interface DoRequest { shopId: string; lines: Line[]; price: Money | undefined; count: number; tags: string[] }',
        'export interface Line { quantity: number; name: string }',
        'export const XService = {',
        '  do: { path: "/kassa.x.v1.XService/Do" as const, requestStream: false as const, requestSerialize: (value: DoRequest): Buffer => Buffer.from([]) },',
        '};',
      ].join('\n'),
      'kassa/x/v1/money': 'export interface Money { amountMinor: number; currency: string }',
    });
    const cases = controlCharacterGrpcCases('/kassa.x.v1.XService/Do', types);
    expect(cases.map((entry) => entry.field)).toEqual(['shopId', 'lines.0.name', 'price.currency', 'tags.0']);
    expect(cases.map((entry) => entry.request)).toEqual([
      { shopId: 'a\u0000b' },
      { lines: [{ name: 'a\u0007b' }] },
      { price: { currency: 'a\u001bb' } },
      { tags: ['a\u0008b'] },
    ]);
  });

  it('covers every gRPC method of the platform that takes a string', () => {
    const types = readProtoTypes();
    const withStrings = [...types.requestOf.keys()].filter((path) => controlCharacterGrpcCases(path, types).length > 0);
    expect(withStrings.length).toBeGreaterThan(50);
    expect(
      controlCharacterGrpcCases('/kassa.ordering.v1.OrderService/Checkout', types).map((entry) => entry.field),
    ).toEqual(
      expect.arrayContaining([
        'shopId',
        'lines.0.itemId',
        'email',
        'discountCode',
        'idempotencyKey',
        'accessToken',
        'locale',
      ]),
    );
  });

  it('counts a 400 as naming the field by its dotted path or its top-level name only', () => {
    expect(namesField(JSON.stringify({ fields: { 'location.city': 'City is invalid' } }), ['location', 'city'])).toBe(
      true,
    );
    expect(namesField(JSON.stringify({ fields: { email: 'Email is invalid' } }), ['email'])).toBe(true);
    expect(namesField(JSON.stringify({ fields: { location: 'Location is invalid' } }), ['location', 'city'])).toBe(
      true,
    );
    expect(namesField(JSON.stringify({ fields: { name: 'Name is invalid' } }), ['email'])).toBe(false);
    expect(namesField('not json', ['email'])).toBe(false);
  });
});
