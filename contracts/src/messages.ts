// The specification's wording for bad input, word for word; `{0}` is filled with the field's label or the number.
// The services answer with it, the BFF checks bodies with it, and the screens use it where they speak English (they
// translate the same keys for Dutch).
const fill = (template: string, value: string | number): string => template.replace('{0}', String(value));

export const messages = {
  required: (label: string): string => fill('{0} is required', label),
  empty: (label: string): string => fill('{0} must not be empty', label),
  invalid: (label: string): string => fill('{0} is invalid', label),
  tooLong: (label: string): string => fill('{0} is too long', label),
  idInvalid: 'ID is invalid',
  minValue: (n: number): string => fill('Minimum value is {0}', n),
  minItems: (n: number): string => fill('At least {0} items are required', n),
  checkoutNeedsItem: 'Checkout needs at least one item',
  genericForm: 'Some fields are not valid. Please check the form and try again.',
} as const;
