// The rules of the shop, shop item and discount code forms, in two shapes like event-rules.ts: what the browser's
// inputs hold (strings, switches) for instant feedback in the person's language, and the JSON bodies the BFF checks
// in the spec's English before asking catalog, which checks again and stays the authority. Limits are the contract's.
import { CATALOG_DESCRIPTION_MAX_LENGTH, CATALOG_NAME_MAX_LENGTH } from '@kassa/contracts/catalog-texts';
import { CURRENCIES } from '@kassa/contracts/currencies';
import { SHOP_LIMITS as SHARED_SHOP_LIMITS } from '@kassa/contracts/shops';
import { DISCOUNT_CODE_MAX_LENGTH, DISCOUNT_CODE_PATTERN } from '@kassa/contracts/discount-code';
import { z } from 'zod';
import { fieldRules, SPEC_RULE_WORDS, type RuleWords } from '../components/ui/field-rules';
import { fromDateTimeLocal } from './date-time-local';
import { bodyTranslations, MAX_COUNT, SPEC_FIELD_LABELS, translationsOf } from './event-rules';
import { parseMoneyInput, parseMoneyList } from './money-input';
import {
  DEFAULT_RESERVATION_MINUTES,
  DISCOUNT_TYPES,
  type DiscountCodeInput,
  type ShopInput,
  type ShopItemInput,
} from './shop-model';

export const SHOP_LIMITS = {
  ...SHARED_SHOP_LIMITS,
  name: CATALOG_NAME_MAX_LENGTH,
  description: CATALOG_DESCRIPTION_MAX_LENGTH,
  itemName: CATALOG_NAME_MAX_LENGTH,
} as const;

export type ShopFieldKey =
  | 'name'
  | 'description'
  | 'opensAt'
  | 'closesAt'
  | 'currency'
  | 'password'
  | 'suggestedAmounts'
  | 'reservationMinutes'
  | 'showComingSoon'
  | 'ticketOptionId'
  | 'extraEventIds'
  | 'price'
  | 'saleStart'
  | 'saleEnd'
  | 'maxPerOrder'
  | 'code'
  | 'type'
  | 'value'
  | 'validFrom'
  | 'validUntil'
  | 'maxUses'
  | 'itemIds'
  | 'language';
export type ShopFieldLabels = Record<ShopFieldKey, string>;

/** The fields' names in the spec's English, as the BFF names them in its messages. */
export const SPEC_SHOP_LABELS: ShopFieldLabels = {
  name: 'Name',
  description: 'Description',
  opensAt: 'Opens at',
  closesAt: 'Closes at',
  currency: 'Currency',
  password: 'Password',
  suggestedAmounts: 'Suggested amounts',
  reservationMinutes: 'Reservation time',
  showComingSoon: 'Coming-soon page',
  ticketOptionId: 'Ticket option',
  extraEventIds: 'Events',
  price: 'Price',
  saleStart: 'Sale start',
  saleEnd: 'Sale end',
  maxPerOrder: 'Max per order',
  code: 'Code',
  type: 'Type',
  value: 'Value',
  validFrom: 'Valid from',
  validUntil: 'Valid until',
  maxUses: 'Max uses',
  itemIds: 'Items',
  language: 'Language',
};

export interface ShopRuleSet {
  labels: ShopFieldLabels;
  words: RuleWords;
}

const SPEC: ShopRuleSet = { labels: SPEC_SHOP_LABELS, words: SPEC_RULE_WORDS };
/** One of the currencies the form offers (@kassa/contracts/currencies). */
const CURRENCY = new RegExp(`^(?:${CURRENCIES.join('|')})$`);

function rulesOf({ labels, words }: ShopRuleSet) {
  const rule = (key: ShopFieldKey) => fieldRules(labels[key], words);
  const issue = (ctx: z.RefinementCtx, path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  return {
    rule,
    issue,
    /** A datetime-local value: '' is null unless required, anything else must be a real moment. */
    moment(key: ShopFieldKey, required: boolean) {
      return z
        .string()
        .refine((value) => !required || value.trim() !== '', { error: words.required(labels[key]), abort: true })
        .refine((value) => value.trim() === '' || fromDateTimeLocal(value) !== undefined, {
          error: words.invalid(labels[key]),
        })
        .transform((value) => (value.trim() === '' ? null : fromDateTimeLocal(value)!));
    },
    /** A whole number typed into an input; '' is null. */
    count(ctx: z.RefinementCtx, key: ShopFieldKey, value: string, min: number, max?: number): number | null {
      if (value.trim() === '') return null;
      const parsed = rule(key).number({ integer: true, min }).safeParse(value);
      if (!parsed.success) {
        issue(ctx, key, parsed.error.issues[0]?.message ?? words.invalid(labels[key]));
        return null;
      }
      const number = parsed.data as number;
      if (max !== undefined && number > max) {
        issue(ctx, key, words.invalid(labels[key]));
        return null;
      }
      return number;
    },
  };
}

/** An end that must come after its start: both set and end ≤ start is '{end} is invalid'. */
function checkOrder(
  ctx: z.RefinementCtx,
  set: ShopRuleSet,
  start: string | null,
  end: string | null,
  endKey: ShopFieldKey,
): void {
  if (start && end && end <= start)
    ctx.addIssue({ code: 'custom', path: [endKey], message: set.words.invalid(set.labels[endKey]) });
}

// ---- The browser's forms -------------------------------------------------------------------------------------

export interface ShopFormValues {
  name: string;
  description: string;
  opensAt: string;
  closesAt: string;
  currency: string;
  /** Guests need a password. */
  protect: boolean;
  /** Empty while protected keeps the current password (editing) . */
  password: string;
  donationEnabled: boolean;
  /** Amounts separated by spaces ("2,50 5 10"). */
  suggestedAmounts: string;
  allowCustomAmount: boolean;
  reservationMinutes: string;
  showComingSoon: boolean;
  translation: { name: string; description: string };
}

export interface ShopFormOptions extends ShopRuleSet {
  translationLocale: string;
  /** Minor-unit digits of the shop's currency. */
  digits: number;
  /** The shop has a password now (editing): an empty password field keeps it. */
  hasPassword: boolean;
}

/** The shop form (create dialog and settings): its values in, a ShopInput out. */
export function shopFormSchema(options: ShopFormOptions) {
  const { labels, words, translationLocale, digits, hasPassword } = options;
  const rules = rulesOf(options);
  const name = (required: boolean) => rules.rule('name').text({ required, max: SHOP_LIMITS.name });
  const description = () => rules.rule('description').text({ max: SHOP_LIMITS.description });
  return z
    .object({
      name: name(true),
      description: description(),
      opensAt: rules.moment('opensAt', true),
      closesAt: rules.moment('closesAt', true),
      currency: rules.rule('currency').text({ required: true, pattern: CURRENCY }),
      protect: z.boolean(),
      password: z.string(),
      donationEnabled: z.boolean(),
      suggestedAmounts: z.string(),
      allowCustomAmount: z.boolean(),
      reservationMinutes: z.string(),
      showComingSoon: z.boolean(),
      translation: z.object({ name: name(false), description: description() }),
    })
    .transform((values, ctx): ShopInput => {
      checkOrder(ctx, options, values.opensAt, values.closesAt, 'closesAt');
      let password: string | null = null;
      if (!values.protect) password = hasPassword ? '' : null;
      else if (values.password !== '' || !hasPassword) {
        if (values.password === '') rules.issue(ctx, 'password', words.required(labels.password));
        else if (values.password.length < SHOP_LIMITS.passwordMin || values.password.length > SHOP_LIMITS.passwordMax)
          rules.issue(ctx, 'password', words.invalid(labels.password));
        password = values.password;
      }
      const amounts = parseMoneyList(values.suggestedAmounts, digits);
      if (
        values.donationEnabled &&
        (amounts === undefined || amounts.length > SHOP_LIMITS.suggestedAmounts || amounts.some((amount) => amount < 1))
      ) {
        rules.issue(ctx, 'suggestedAmounts', words.invalid(labels.suggestedAmounts));
      }
      const minutes = rules.count(
        ctx,
        'reservationMinutes',
        values.reservationMinutes,
        SHOP_LIMITS.reservationMin,
        SHOP_LIMITS.reservationMax,
      );
      return {
        name: values.name.trim(),
        description: values.description.trim(),
        opensAt: values.opensAt ?? '',
        closesAt: values.closesAt ?? '',
        currency: values.currency,
        password,
        donation: {
          enabled: values.donationEnabled,
          suggestedAmountsMinor: values.donationEnabled ? (amounts ?? []) : [],
          allowCustomAmount: values.donationEnabled && values.allowCustomAmount,
        },
        reservationMinutes: minutes ?? DEFAULT_RESERVATION_MINUTES,
        showComingSoon: values.showComingSoon,
        translations: translationsOf(translationLocale, values.translation),
      };
    });
}

export interface ShopItemFormValues {
  ticketOptionId: string;
  extraEventIds: string[];
  name: string;
  price: string;
  saleStart: string;
  saleEnd: string;
  maxPerOrder: string;
}

/** The item dialog: its values in, a ShopItemInput out. */
export function shopItemFormSchema(options: ShopRuleSet & { digits: number }) {
  const { labels, words, digits } = options;
  const rules = rulesOf(options);
  return z
    .object({
      ticketOptionId: rules.rule('ticketOptionId').text({ required: true }),
      extraEventIds: z.array(z.string()),
      name: rules.rule('name').text({ max: SHOP_LIMITS.itemName }),
      price: rules
        .rule('price')
        .text({ required: true })
        .refine((value) => parseMoneyInput(value, digits) !== undefined, { error: words.invalid(labels.price) }),
      saleStart: rules.moment('saleStart', false),
      saleEnd: rules.moment('saleEnd', false),
      maxPerOrder: z.string(),
    })
    .transform((values, ctx): ShopItemInput => {
      checkOrder(ctx, options, values.saleStart, values.saleEnd, 'saleEnd');
      return {
        ticketOptionId: values.ticketOptionId,
        extraEventIds: values.extraEventIds,
        name: values.name.trim(),
        priceMinor: parseMoneyInput(values.price, digits)!,
        saleStart: values.saleStart,
        saleEnd: values.saleEnd,
        maxPerOrder: rules.count(ctx, 'maxPerOrder', values.maxPerOrder, 1),
      };
    });
}

export interface DiscountCodeFormValues {
  code: string;
  type: string;
  value: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
  /** None = every item. */
  itemIds: string[];
}

/** The discount code dialog: its values in, a DiscountCodeInput out. */
export function discountCodeFormSchema(options: ShopRuleSet & { digits: number }) {
  const { labels, words, digits } = options;
  const rules = rulesOf(options);
  /** Money off each ticket: at least one minor unit. */
  const fixedValue = (ctx: z.RefinementCtx, typed: string): number => {
    const minor = parseMoneyInput(typed, digits);
    if (minor === undefined) rules.issue(ctx, 'value', words.invalid(labels.value));
    else if (minor < 1) rules.issue(ctx, 'value', words.minValue(1 / 10 ** digits));
    return minor ?? 0;
  };
  return z
    .object({
      // Longer than a code is 'too long'; shorter, or other characters, is 'invalid' (the pattern holds the bounds).
      code: rules.rule('code').text({ required: true, max: DISCOUNT_CODE_MAX_LENGTH, pattern: DISCOUNT_CODE_PATTERN }),
      type: z.enum(DISCOUNT_TYPES, { error: words.invalid(labels.type) }),
      value: rules.rule('value').text({ required: true }),
      validFrom: rules.moment('validFrom', false),
      validUntil: rules.moment('validUntil', false),
      maxUses: z.string(),
      itemIds: z.array(z.string()),
    })
    .transform((values, ctx): DiscountCodeInput => {
      checkOrder(ctx, options, values.validFrom, values.validUntil, 'validUntil');
      return {
        code: values.code.trim(),
        type: values.type,
        value:
          values.type === 'percentage'
            ? (rules.count(ctx, 'value', values.value, 1, 100) ?? 0)
            : fixedValue(ctx, values.value),
        validFrom: values.validFrom,
        validUntil: values.validUntil,
        maxUses: rules.count(ctx, 'maxUses', values.maxUses, 1),
        itemIds: values.itemIds,
      };
    });
}

// ---- The BFF's request bodies ---------------------------------------------------------------------------------

function bodyRules(set: ShopRuleSet) {
  const { labels, words } = set;
  const invalid = (key: ShopFieldKey) => ({ error: words.invalid(labels[key]) });
  return {
    invalid,
    /** An ISO instant with an offset, required. */
    instant(key: ShopFieldKey) {
      return z
        .string({
          error: (issue) =>
            issue.input === undefined || issue.input === null
              ? words.required(labels[key])
              : words.invalid(labels[key]),
        })
        .refine((value) => value !== '', { error: words.required(labels[key]), abort: true })
        .refine((value) => z.iso.datetime({ offset: true }).safeParse(value).success, invalid(key))
        .transform((value) => new Date(value).toISOString());
    },
    /** An ISO instant with an offset, or null (or left out). */
    optionalInstant(key: ShopFieldKey) {
      return this.instant(key).nullable().default(null);
    },
    /** A whole number of at least `min`; null (or left out) when optional. */
    whole(key: ShopFieldKey, min: number) {
      return z
        .number({
          error: (issue) => (issue.input === undefined ? words.required(labels[key]) : words.invalid(labels[key])),
        })
        .int(invalid(key))
        .min(min, { error: words.minValue(min) });
    },
    /** A prefixed id as the services make them (prefix_ + 26 lower-case ULID characters), else 'ID is invalid'. */
    id(prefix: string) {
      return z
        .string({ error: words.idInvalid() })
        .regex(new RegExp(`^${prefix}_[0-9a-z]{26}$`), { error: words.idInvalid() });
    },
    /** At most `max` prefixed ids (the services' bound, from SHOP_LIMITS). */
    ids(prefix: string, key: ShopFieldKey, max: number) {
      return z.array(this.id(prefix), invalid(key)).max(max, invalid(key)).default([]);
    },
  };
}

/** POST and PUT bodies of a shop, in the spec's words. `creating`: the currency is required (an update ignores it). */
export function shopBodySchema(creating: boolean, set: ShopRuleSet = SPEC) {
  const { labels, words } = set;
  const rules = bodyRules(set);
  const text = (key: ShopFieldKey) => fieldRules(labels[key], words);
  return z
    .object({
      name: text('name').text({ required: true, max: SHOP_LIMITS.name }),
      description: text('description').text({ max: SHOP_LIMITS.description }).default(''),
      opensAt: rules.instant('opensAt'),
      closesAt: rules.instant('closesAt'),
      // Any case is fine here; catalog gets capitals.
      currency: creating
        ? text('currency').text({ required: true, pattern: /^[A-Za-z]{3}$/ })
        : z.string(rules.invalid('currency')).default(''),
      password: z
        .string(rules.invalid('password'))
        .refine(
          (value) =>
            value === '' || (value.length >= SHOP_LIMITS.passwordMin && value.length <= SHOP_LIMITS.passwordMax),
          rules.invalid('password'),
        )
        .nullable()
        .default(null),
      donation: z
        .object(
          {
            enabled: z.boolean(rules.invalid('suggestedAmounts')).default(false),
            suggestedAmountsMinor: z
              .array(rules.whole('suggestedAmounts', 1), rules.invalid('suggestedAmounts'))
              .max(SHOP_LIMITS.suggestedAmounts, rules.invalid('suggestedAmounts'))
              .default([]),
            allowCustomAmount: z.boolean(rules.invalid('suggestedAmounts')).default(false),
          },
          rules.invalid('suggestedAmounts'),
        )
        .default({ enabled: false, suggestedAmountsMinor: [], allowCustomAmount: false }),
      reservationMinutes: rules
        .whole('reservationMinutes', SHOP_LIMITS.reservationMin)
        .max(SHOP_LIMITS.reservationMax, rules.invalid('reservationMinutes'))
        .default(DEFAULT_RESERVATION_MINUTES),
      showComingSoon: z.boolean(rules.invalid('showComingSoon')).optional(),
      translations: bodyTranslations({
        labels: { ...SPEC_FIELD_LABELS, name: labels.name, description: labels.description, language: labels.language },
        words,
      }),
    })
    .superRefine((body, ctx) => {
      if (body.closesAt <= body.opensAt)
        ctx.addIssue({ code: 'custom', path: ['closesAt'], message: words.invalid(labels.closesAt) });
    })
    .transform((body): ShopInput => ({
      ...body,
      name: body.name.trim(),
      description: body.description.trim(),
      currency: body.currency.toUpperCase(),
    }));
}

/** POST and PUT bodies of a shop item, in the spec's words. */
export function shopItemBodySchema(set: ShopRuleSet = SPEC) {
  const { labels, words } = set;
  const rules = bodyRules(set);
  return z
    .object({
      ticketOptionId: z
        .string({
          error: (issue) =>
            issue.input === undefined ? words.required(labels.ticketOptionId) : words.invalid(labels.ticketOptionId),
        })
        .refine((value) => value !== '', { error: words.required(labels.ticketOptionId), abort: true })
        .pipe(rules.id('tko')),
      extraEventIds: rules.ids('evt', 'extraEventIds', SHOP_LIMITS.itemEvents),
      name: fieldRules(labels.name, words).text({ max: SHOP_LIMITS.itemName }).default(''),
      priceMinor: rules.whole('price', 0),
      saleStart: rules.optionalInstant('saleStart'),
      saleEnd: rules.optionalInstant('saleEnd'),
      maxPerOrder: rules.whole('maxPerOrder', 1).max(MAX_COUNT, rules.invalid('maxPerOrder')).nullable().default(null),
    })
    .superRefine((body, ctx) => checkOrder(ctx, set, body.saleStart, body.saleEnd, 'saleEnd'))
    .transform((body): ShopItemInput => ({
      ...body,
      name: body.name.trim(),
      extraEventIds: [...new Set(body.extraEventIds)],
    }));
}

/** POST and PUT bodies of a discount code, in the spec's words. */
export function discountCodeBodySchema(set: ShopRuleSet = SPEC) {
  const { labels, words } = set;
  const rules = bodyRules(set);
  return z
    .object({
      code: fieldRules(labels.code, words).text({
        required: true,
        max: DISCOUNT_CODE_MAX_LENGTH,
        pattern: DISCOUNT_CODE_PATTERN,
      }),
      type: z.enum(DISCOUNT_TYPES, {
        error: (issue) => (issue.input === undefined ? words.required(labels.type) : words.invalid(labels.type)),
      }),
      value: rules.whole('value', 1),
      validFrom: rules.optionalInstant('validFrom'),
      validUntil: rules.optionalInstant('validUntil'),
      maxUses: rules.whole('maxUses', 1).max(MAX_COUNT, rules.invalid('maxUses')).nullable().default(null),
      itemIds: rules.ids('itm', 'itemIds', SHOP_LIMITS.discountCodeItems),
    })
    .superRefine((body, ctx) => {
      if (body.type === 'percentage' && body.value > 100)
        ctx.addIssue({ code: 'custom', path: ['value'], message: words.invalid(labels.value) });
      checkOrder(ctx, set, body.validFrom, body.validUntil, 'validUntil');
    })
    .transform((body): DiscountCodeInput => ({ ...body, code: body.code.trim(), itemIds: [...new Set(body.itemIds)] }));
}

// ---- Answers from the server ----------------------------------------------------------------------------------

const SERVER_TO_FORM: [RegExp, string][] = [
  [/^priceMinor$/, 'price'],
  [/^donation(\..*)?$/, 'suggestedAmounts'],
  [/^translations\.0\./, 'translation.'],
  [/^(extraEventIds|eventIds)(\..*)?$/, 'extraEventIds'],
  [/^itemIds(\..*)?$/, 'itemIds'],
];

/** Where a field message of the BFF (or catalog) belongs in the shop forms. */
export function shopFormFieldOf(serverField: string): string {
  const field = serverField.replace(/^fields\./, '');
  for (const [pattern, formField] of SERVER_TO_FORM) {
    if (pattern.test(field)) return formField.endsWith('.') ? field.replace(pattern, formField) : formField;
  }
  return field;
}
