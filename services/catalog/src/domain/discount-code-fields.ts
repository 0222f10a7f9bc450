import { DISCOUNT_CODE_PATTERN, normaliseDiscountCode } from '@kassa/contracts/discount-code';
import { SHOP_LIMITS } from '@kassa/contracts/shops';
import { Violations, messages } from '@kassa/platform/errors';

export const DISCOUNT_TYPES = ['fixed', 'percentage'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** What an organiser sends (the shape of kassa.catalog.v1.DiscountCodeFields). */
export interface DiscountCodeFieldsInput {
  code: string;
  type: string;
  value: number;
  validFrom?: Date;
  validUntil?: Date;
  maxUses?: number;
  itemIds: readonly string[];
}

export interface DiscountCodeValues {
  /** As typed (trimmed). */
  code: string;
  /** The code as compared (normaliseDiscountCode: upper case): guests may type it in any case, and a shop has each at most once. */
  codeKey: string;
  type: DiscountType;
  /** Minor units off each ticket (fixed) or whole percent (percentage). */
  value: number;
  validFrom: Date | null;
  validUntil: Date | null;
  /** null = unlimited. */
  maxUses: number | null;
  /** [] = every item of the shop. */
  itemIds: string[];
}

export const DISCOUNT_CODE_LABELS = {
  code: 'Code',
  type: 'Type',
  value: 'Value',
  validFrom: 'Valid from',
  validUntil: 'Valid until',
  maxUses: 'Max uses',
  itemIds: 'Items',
} as const;

const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime());

export function checkDiscountCodeFields(input: DiscountCodeFieldsInput | undefined): DiscountCodeValues {
  const violations = new Violations();
  const fields: Partial<DiscountCodeFieldsInput> = input ?? {};
  const code = violations.string('code', fields.code, {
    label: DISCOUNT_CODE_LABELS.code,
    required: true,
    pattern: DISCOUNT_CODE_PATTERN,
  });

  const type = fields.type ?? '';
  if (type === '') violations.add('type', messages.required(DISCOUNT_CODE_LABELS.type));
  else if (!(DISCOUNT_TYPES as readonly string[]).includes(type))
    violations.add('type', messages.invalid(DISCOUNT_CODE_LABELS.type));
  const value = violations.int('value', fields.value ?? 0, {
    label: DISCOUNT_CODE_LABELS.value,
    min: 1,
    max: type === 'percentage' ? 100 : undefined,
  });

  const validFrom = isDate(fields.validFrom) ? fields.validFrom : null;
  const validUntil = isDate(fields.validUntil) ? fields.validUntil : null;
  if (validFrom && validUntil && validUntil.getTime() <= validFrom.getTime())
    violations.add('validUntil', messages.invalid(DISCOUNT_CODE_LABELS.validUntil));

  const maxUses =
    fields.maxUses === undefined || fields.maxUses === null
      ? null
      : violations.int('maxUses', fields.maxUses, { label: DISCOUNT_CODE_LABELS.maxUses, min: 1 });

  const itemIds: string[] = [];
  (fields.itemIds ?? []).forEach((value, index) => {
    const id = violations.id(`itemIds.${index}`, value, 'itm');
    if (id && itemIds.includes(id)) violations.add(`itemIds.${index}`, messages.invalid(DISCOUNT_CODE_LABELS.itemIds));
    else if (id) itemIds.push(id);
  });
  if (itemIds.length > SHOP_LIMITS.discountCodeItems)
    violations.add('itemIds', messages.invalid(DISCOUNT_CODE_LABELS.itemIds));

  violations.throwIfAny();
  return {
    code,
    codeKey: normaliseDiscountCode(code),
    type: type as DiscountType,
    value,
    validFrom,
    validUntil,
    maxUses,
    itemIds,
  };
}
