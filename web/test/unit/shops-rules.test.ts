import { SHOP_LIMITS } from '@kassa/contracts/shops';
import { SPEC_RULE_WORDS } from '../../src/components/ui/field-rules';
import {
  currencyDigits,
  formatDiscountValue,
  formatMinor,
  minorToInput,
  parseMoneyInput,
  parseMoneyList,
} from '../../src/lib/money-input';
import { itemDisplayName } from '../../src/lib/shop-model';
import {
  discountCodeBodySchema,
  discountCodeFormSchema,
  type DiscountCodeFormValues,
  shopBodySchema,
  shopFormFieldOf,
  shopFormSchema,
  type ShopFormValues,
  shopItemBodySchema,
  shopItemFormSchema,
  type ShopItemFormValues,
  SPEC_SHOP_LABELS,
} from '../../src/lib/shop-rules';

/** The first message per dotted path, as the BFF and the forms show them. */
function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const SPEC = { labels: SPEC_SHOP_LABELS, words: SPEC_RULE_WORDS };
const TKO = 'tko_01jc5v3q8x0000000000000000';
const EVT = 'evt_01jc5v3q8x0000000000000001';
const ITM = 'itm_01jc5v3q8x0000000000000000';

describe('money typed in minor units', () => {
  it.each([
    ['12,50', 1250],
    ['12.50', 1250],
    ['12', 1200],
    ['12,5', 1250],
    ['0', 0],
    ['0,01', 1],
    [' € 7,25 ', 725],
    ['12.', 1200],
  ])('reads %j as %d', (typed, minor) => {
    expect(parseMoneyInput(typed)).toBe(minor);
  });

  it.each(['12,505', '1.234,50', '-5', 'abc', '', '1e3', '12,50 EUR'])('refuses %j', (typed) => {
    expect(parseMoneyInput(typed)).toBeUndefined();
  });

  it('follows the currency: no decimals for yen', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(parseMoneyInput('1500', 0)).toBe(1500);
    expect(parseMoneyInput('15,5', 0)).toBeUndefined();
    expect(minorToInput(1500, 0)).toBe('1500');
  });

  it('never loses a cent to floating point', () => {
    for (let minor = 0; minor < 2000; minor += 7) {
      expect(parseMoneyInput(minorToInput(minor, 2, 'nl'))).toBe(minor);
      expect(parseMoneyInput(minorToInput(minor, 2, 'en'))).toBe(minor);
    }
    expect(parseMoneyInput('0.29')).toBe(29);
    expect(parseMoneyInput('1.15')).toBe(115);
  });

  it("writes amounts back for an input in the person's locale", () => {
    expect(minorToInput(1250, 2, 'nl')).toBe('12,50');
    expect(minorToInput(1250, 2, 'en')).toBe('12.50');
    expect(minorToInput(5, 2, 'en')).toBe('0.05');
  });

  it('reads a list of suggested amounts separated by spaces', () => {
    expect(parseMoneyList('2,50 5  10')).toEqual([250, 500, 1000]);
    expect(parseMoneyList('2,50;5')).toEqual([250, 500]);
    expect(parseMoneyList('')).toEqual([]);
    expect(parseMoneyList('5 lots')).toBeUndefined();
  });

  it('shows prices and discounts in the shop currency', () => {
    expect(formatMinor(500, 'EUR', 'nl')).toBe('€\u00a05,00');
    expect(formatMinor(1250, 'EUR', 'en')).toBe('€12.50');
    expect(formatDiscountValue({ type: 'percentage', value: 10 }, 'EUR', 'en')).toBe('10\u00a0%');
    expect(formatDiscountValue({ type: 'fixed', value: 500 }, 'EUR', 'nl')).toBe('€\u00a05,00');
  });
});

describe('the shop body the BFF accepts', () => {
  const valid = {
    name: ' Summer Shop ',
    opensAt: '2027-06-01T10:00:00+02:00',
    closesAt: '2027-07-01T10:00:00+02:00',
    currency: 'eur',
    password: 'letmein',
    donation: { enabled: true, suggestedAmountsMinor: [250, 500], allowCustomAmount: true },
    reservationMinutes: 20,
    translations: [{ locale: 'nl', name: 'Zomerwinkel', description: '' }],
  };

  it('takes a whole shop, trimmed, with instants in UTC', () => {
    expect(shopBodySchema(true).parse(valid)).toEqual({
      ...valid,
      name: 'Summer Shop',
      description: '',
      currency: 'EUR',
      opensAt: '2027-06-01T08:00:00.000Z',
      closesAt: '2027-07-01T08:00:00.000Z',
    });
  });

  it('keeps the password when it is left out, and fills in the defaults', () => {
    const parsed = shopBodySchema(false).parse({ name: 'x', opensAt: valid.opensAt, closesAt: valid.closesAt });
    expect(parsed).toMatchObject({
      password: null,
      currency: '',
      reservationMinutes: 15,
      donation: { enabled: false, suggestedAmountsMinor: [] },
    });
    // Left out, the coming-soon page stays as it is (catalog: off for a new shop).
    expect(parsed.showComingSoon).toBeUndefined();
  });

  it("names every bad field in the spec's words", () => {
    const result = shopBodySchema(true).safeParse({
      name: '',
      opensAt: 'soon',
      password: 'abc',
      donation: { suggestedAmountsMinor: [1, 2, 3, 4, 5, 6, 7] },
      reservationMinutes: -1,
    });
    expect(messagesOf(result)).toEqual({
      name: 'Name is required',
      opensAt: 'Opens at is invalid',
      closesAt: 'Closes at is required',
      currency: 'Currency is required',
      password: 'Password is invalid',
      'donation.suggestedAmountsMinor': 'Suggested amounts is invalid',
      reservationMinutes: 'Minimum value is 1',
    });
    expect(messagesOf(shopBodySchema(true).safeParse({ ...valid, closesAt: valid.opensAt }))).toEqual({
      closesAt: 'Closes at is invalid',
    });
    expect(messagesOf(shopBodySchema(true).safeParse({ ...valid, reservationMinutes: 61 }))).toEqual({
      reservationMinutes: 'Reservation time is invalid',
    });
    expect(messagesOf(shopBodySchema(true).safeParse({ ...valid, showComingSoon: 'yes' }))).toEqual({
      showComingSoon: 'Coming-soon page is invalid',
    });
  });
});

describe('the shop form', () => {
  const values: ShopFormValues = {
    name: 'Summer Shop',
    description: '',
    opensAt: '2027-06-01T10:00',
    closesAt: '2027-07-01T10:00',
    currency: 'EUR',
    protect: false,
    password: '',
    donationEnabled: true,
    suggestedAmounts: '2,50 5',
    allowCustomAmount: true,
    reservationMinutes: '15',
    showComingSoon: false,
    translation: { name: 'Zomerwinkel', description: '' },
  };
  const schema = (hasPassword: boolean) => shopFormSchema({ ...SPEC, translationLocale: 'nl', digits: 2, hasPassword });

  it('turns the inputs into the body, amounts in minor units', () => {
    const parsed = schema(false).parse(values);
    expect(parsed.donation).toEqual({ enabled: true, suggestedAmountsMinor: [250, 500], allowCustomAmount: true });
    expect(parsed.password).toBeNull();
    expect(parsed.translations).toEqual([{ locale: 'nl', name: 'Zomerwinkel', description: '' }]);
    expect(parsed.showComingSoon).toBe(false);
    expect(schema(false).parse({ ...values, showComingSoon: true }).showComingSoon).toBe(true);
  });

  it('sets, keeps and removes the password', () => {
    expect(schema(false).parse({ ...values, protect: true, password: 'secret' }).password).toBe('secret');
    expect(messagesOf(schema(false).safeParse({ ...values, protect: true }))).toEqual({
      password: 'Password is required',
    });
    expect(schema(true).parse({ ...values, protect: true }).password).toBeNull();
    expect(schema(true).parse({ ...values, protect: false }).password).toBe('');
    expect(messagesOf(schema(true).safeParse({ ...values, protect: true, password: 'abc' }))).toEqual({
      password: 'Password is invalid',
    });
  });

  it('refuses a window that closes before it opens and bad amounts', () => {
    expect(
      messagesOf(
        schema(false).safeParse({
          ...values,
          closesAt: '2027-05-01T10:00',
          suggestedAmounts: '2,505',
          reservationMinutes: '90',
        }),
      ),
    ).toEqual({
      closesAt: 'Closes at is invalid',
      suggestedAmounts: 'Suggested amounts is invalid',
      reservationMinutes: 'Reservation time is invalid',
    });
    expect(messagesOf(schema(false).safeParse({ ...values, name: '', opensAt: '' }))).toEqual({
      name: 'Name is required',
      opensAt: 'Opens at is required',
    });
  });
});

describe('shop items', () => {
  const form: ShopItemFormValues = {
    ticketOptionId: TKO,
    extraEventIds: [EVT],
    name: '',
    price: '12,50',
    saleStart: '',
    saleEnd: '',
    maxPerOrder: '',
  };
  const schema = shopItemFormSchema({ ...SPEC, digits: 2 });

  it('sends the price in minor units and leaves the unset windows null', () => {
    expect(schema.parse(form)).toEqual({
      ticketOptionId: TKO,
      extraEventIds: [EVT],
      name: '',
      priceMinor: 1250,
      saleStart: null,
      saleEnd: null,
      maxPerOrder: null,
    });
    expect(schema.parse({ ...form, price: '0', maxPerOrder: '4' })).toMatchObject({ priceMinor: 0, maxPerOrder: 4 });
  });

  it('refuses three decimals, a missing option and a sale that ends first', () => {
    expect(messagesOf(schema.safeParse({ ...form, ticketOptionId: '', price: '12,505' }))).toEqual({
      ticketOptionId: 'Ticket option is required',
      price: 'Price is invalid',
    });
    expect(
      messagesOf(
        schema.safeParse({ ...form, saleStart: '2027-06-02T10:00', saleEnd: '2027-06-01T10:00', maxPerOrder: '0' }),
      ),
    ).toEqual({
      saleEnd: 'Sale end is invalid',
      maxPerOrder: 'Minimum value is 1',
    });
  });

  it('checks the body: ids, whole minor units, no floats', () => {
    const body = shopItemBodySchema();
    expect(body.parse({ ticketOptionId: TKO, priceMinor: 1250, extraEventIds: [EVT, EVT] })).toEqual({
      ticketOptionId: TKO,
      extraEventIds: [EVT],
      name: '',
      priceMinor: 1250,
      saleStart: null,
      saleEnd: null,
      maxPerOrder: null,
    });
    expect(messagesOf(body.safeParse({ ticketOptionId: 'tko_nope', priceMinor: 12.5, extraEventIds: ['x'] }))).toEqual({
      ticketOptionId: 'ID is invalid',
      priceMinor: 'Price is invalid',
      'extraEventIds.0': 'ID is invalid',
    });
    expect(messagesOf(body.safeParse({ priceMinor: -1 }))).toEqual({
      ticketOptionId: 'Ticket option is required',
      priceMinor: 'Minimum value is 0',
    });
  });

  it("bounds an item's events and a code's items as catalog does (SHOP_LIMITS)", () => {
    const ids = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, n) => `${prefix}_01jc5v3q8x${String(n).padStart(16, '0')}`);
    const item = shopItemBodySchema();
    expect(
      item.safeParse({ ticketOptionId: TKO, priceMinor: 0, extraEventIds: ids('evt', SHOP_LIMITS.itemEvents) }).success,
    ).toBe(true);
    expect(
      messagesOf(
        item.safeParse({ ticketOptionId: TKO, priceMinor: 0, extraEventIds: ids('evt', SHOP_LIMITS.itemEvents + 1) }),
      ),
    ).toEqual({ extraEventIds: 'Events is invalid' });
    const code = discountCodeBodySchema();
    const base = { code: 'CREW', type: 'fixed', value: 100 };
    expect(code.safeParse({ ...base, itemIds: ids('itm', SHOP_LIMITS.discountCodeItems) }).success).toBe(true);
    expect(messagesOf(code.safeParse({ ...base, itemIds: ids('itm', SHOP_LIMITS.discountCodeItems + 1) }))).toEqual({
      itemIds: 'Items is invalid',
    });
  });

  it('names an item after its ticket option unless it has its own name', () => {
    const events = [
      { id: EVT, name: 'Fest', status: 'live', startsAt: '', ticketOptions: [{ id: TKO, name: 'Regular' }] },
    ];
    expect(itemDisplayName({ name: '', ticketOptionId: TKO }, events)).toBe('Regular');
    expect(itemDisplayName({ name: 'Weekend pass', ticketOptionId: TKO }, events)).toBe('Weekend pass');
  });
});

describe('discount codes', () => {
  const form: DiscountCodeFormValues = {
    code: 'SUMMER10',
    type: 'percentage',
    value: '10',
    validFrom: '',
    validUntil: '',
    maxUses: '',
    itemIds: [],
  };
  const schema = discountCodeFormSchema({ ...SPEC, digits: 2 });

  it('reads a percentage in whole percent and a fixed value in minor units', () => {
    expect(schema.parse(form)).toEqual({
      code: 'SUMMER10',
      type: 'percentage',
      value: 10,
      validFrom: null,
      validUntil: null,
      maxUses: null,
      itemIds: [],
    });
    expect(schema.parse({ ...form, type: 'fixed', value: '5,00', maxUses: '100', itemIds: [ITM] })).toMatchObject({
      type: 'fixed',
      value: 500,
      maxUses: 100,
      itemIds: [ITM],
    });
  });

  it('refuses bad codes and values', () => {
    expect(messagesOf(schema.safeParse({ ...form, code: 'a b' }))).toEqual({ code: 'Code is invalid' });
    expect(messagesOf(schema.safeParse({ ...form, value: '101' }))).toEqual({ value: 'Value is invalid' });
    expect(messagesOf(schema.safeParse({ ...form, code: 'AB' }))).toEqual({ code: 'Code is invalid' });
    expect(messagesOf(schema.safeParse({ ...form, code: 'ABC' }))).toEqual({});
    expect(messagesOf(schema.safeParse({ ...form, code: 'X'.repeat(32) }))).toEqual({});
    expect(messagesOf(schema.safeParse({ ...form, code: 'X'.repeat(33) }))).toEqual({ code: 'Code is too long' });
    expect(messagesOf(schema.safeParse({ ...form, code: 'ZOMER€10' }))).toEqual({ code: 'Code is invalid' });
    expect(messagesOf(schema.safeParse({ ...form, type: 'fixed', value: '0' }))).toEqual({
      value: 'Minimum value is 0.01',
    });
    expect(messagesOf(schema.safeParse({ ...form, type: 'fixed', value: '5,005' }))).toEqual({
      value: 'Value is invalid',
    });
    expect(messagesOf(schema.safeParse({ ...form, code: '', value: '' }))).toEqual({
      code: 'Code is required',
      value: 'Value is required',
    });
    expect(
      messagesOf(schema.safeParse({ ...form, validFrom: '2027-06-02T10:00', validUntil: '2027-06-01T10:00' })),
    ).toEqual({ validUntil: 'Valid until is invalid' });
  });

  it("checks the body in the spec's words", () => {
    const body = discountCodeBodySchema();
    expect(body.parse({ code: ' summer10 ', type: 'percentage', value: 10 })).toMatchObject({
      code: 'summer10',
      itemIds: [],
      maxUses: null,
    });
    expect(messagesOf(body.safeParse({ code: 'x'.repeat(33), type: 'half', value: 0, itemIds: ['itm_x'] }))).toEqual({
      code: 'Code is too long',
      type: 'Type is invalid',
      value: 'Minimum value is 1',
      'itemIds.0': 'ID is invalid',
    });
    expect(messagesOf(body.safeParse({ code: 'BIG', type: 'percentage', value: 150 }))).toEqual({
      value: 'Value is invalid',
    });
    expect(messagesOf(body.safeParse({ code: ' ab ', type: 'percentage', value: 10 }))).toEqual({
      code: 'Code is invalid',
    });
    expect(body.parse({ code: ` ${'x'.repeat(32)} `, type: 'percentage', value: 10 })).toMatchObject({
      code: 'x'.repeat(32),
    });
  });
});

describe('server field names in the shop forms', () => {
  it.each([
    ['priceMinor', 'price'],
    ['donation.suggestedAmountsMinor', 'suggestedAmounts'],
    ['translations.0.name', 'translation.name'],
    ['extraEventIds.1', 'extraEventIds'],
    ['itemIds.0', 'itemIds'],
    ['fields.closesAt', 'closesAt'],
    ['code', 'code'],
  ])('puts %s at %s', (server, form) => {
    expect(shopFormFieldOf(server)).toBe(form);
  });
});
