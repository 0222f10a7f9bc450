import { SHOP_LIMITS } from '@kassa/contracts/shops';
import { Violations, messages } from '@kassa/platform/errors';
import { isCurrency } from '@kassa/contracts/currencies';
import { DESCRIPTION_MAX, NAME_MAX, type Translation, checkTranslations } from './translations';

export interface DonationOption {
  enabled: boolean;
  /** Minor units of the shop's currency. */
  suggestedAmountsMinor: number[];
  allowCustomAmount: boolean;
}

/** What an organiser sends (the shape of kassa.catalog.v1.ShopFields). */
export interface ShopFieldsInput {
  name: string;
  description: string;
  opensAt?: Date;
  closesAt?: Date;
  translations: readonly Partial<Translation>[];
  currency: string;
  /** Unset keeps the password, '' removes it, anything else sets it. */
  password?: string;
  donation?: Partial<DonationOption>;
  /** 0 = the default. */
  reservationMinutes: number;
  /** Unset keeps it (update) or means false (create). */
  showComingSoon?: boolean;
}

/** The checked, normalised editable values of a shop. */
export interface ShopValues {
  name: string;
  description: string;
  opensAt: Date;
  closesAt: Date;
  translations: Translation[];
  /** Upper case; '' on update (the currency never changes). */
  currency: string;
  /** undefined = keep the current password, null = remove it, a string = set it (not yet hashed). */
  password: string | null | undefined;
  donation: DonationOption;
  reservationMinutes: number;
  /** Guests see a "coming soon" page before opens_at; absent on an update that keeps it. */
  showComingSoon?: boolean;
}

export { SHOP_LIMITS };

/** The labels of the spec's messages, as the BFF's forms name the fields. */
export const SHOP_LABELS = {
  opensAt: 'Opens at',
  closesAt: 'Closes at',
  currency: 'Currency',
  password: 'Password',
  suggestedAmounts: 'Suggested amounts',
  reservationMinutes: 'Reservation time',
} as const;

const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime());

/** Validates a shop's fields; `creating` makes the currency required (an update ignores it: prices would change meaning). */
export function checkShopFields(input: ShopFieldsInput | undefined, { creating }: { creating: boolean }): ShopValues {
  const violations = new Violations();
  const fields: Partial<ShopFieldsInput> = input ?? {};
  const name = violations.string('name', fields.name, { label: 'Name', required: true, maxLength: NAME_MAX });
  const description = violations.string('description', fields.description, {
    label: 'Description',
    maxLength: DESCRIPTION_MAX,
  });

  const { opensAt, closesAt } = fields;
  if (!isDate(opensAt)) violations.add('opensAt', messages.required(SHOP_LABELS.opensAt));
  if (!isDate(closesAt)) violations.add('closesAt', messages.required(SHOP_LABELS.closesAt));
  else if (isDate(opensAt) && closesAt.getTime() <= opensAt.getTime())
    violations.add('closesAt', messages.invalid(SHOP_LABELS.closesAt));

  const currency = creating
    ? violations.string(
        'currency',
        typeof fields.currency === 'string' ? fields.currency.toUpperCase() : fields.currency,
        {
          label: SHOP_LABELS.currency,
          required: true,
          check: isCurrency,
        },
      )
    : '';

  // A password is taken exactly as typed: spaces are characters of it.
  let password: string | null | undefined;
  if (fields.password === undefined || fields.password === null) password = undefined;
  else if (fields.password === '') password = null;
  else {
    password = fields.password;
    if (password.length < SHOP_LIMITS.passwordMin || password.length > SHOP_LIMITS.passwordMax)
      violations.add('password', messages.invalid(SHOP_LABELS.password));
  }

  const donation = checkDonation(violations, fields.donation);
  const reservationMinutes = !fields.reservationMinutes
    ? SHOP_LIMITS.reservationDefault
    : violations.int('reservationMinutes', fields.reservationMinutes, {
        label: SHOP_LABELS.reservationMinutes,
        min: SHOP_LIMITS.reservationMin,
        max: SHOP_LIMITS.reservationMax,
      });
  const translations = checkTranslations(violations, fields.translations);
  const showComingSoon = fields.showComingSoon ?? (creating ? false : undefined);

  violations.throwIfAny();
  return {
    name,
    description,
    opensAt: opensAt as Date,
    closesAt: closesAt as Date,
    translations,
    currency,
    password,
    donation,
    reservationMinutes,
    ...(showComingSoon === undefined ? {} : { showComingSoon }),
  };
}

function checkDonation(violations: Violations, input: Partial<DonationOption> | undefined): DonationOption {
  const amounts = input?.suggestedAmountsMinor ?? [];
  if (amounts.length > SHOP_LIMITS.suggestedAmounts)
    violations.add('donation.suggestedAmountsMinor', messages.invalid(SHOP_LABELS.suggestedAmounts));
  amounts.forEach((amount, index) =>
    violations.int(`donation.suggestedAmountsMinor.${index}`, amount, { label: SHOP_LABELS.suggestedAmounts, min: 1 }),
  );
  return {
    enabled: input?.enabled === true,
    suggestedAmountsMinor: [...amounts],
    allowCustomAmount: input?.allowCustomAmount === true,
  };
}
