import { z } from 'zod';
import { fieldRules, formAlertMessage, GENERIC_FORM_MESSAGE, ruleWordsFrom } from '../../src/components/ui/field-rules';
import { messagesByLocale } from '../support/render';

/** The first message zod gives for a value, or null when it is valid. */
function messageFor(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'no message');
}

describe('fieldRules', () => {
  const name = fieldRules('Name');

  it('says the spec messages for text', () => {
    const schema = name.text({ required: true, max: 5 });
    expect(messageFor(schema, '')).toBe('Name is required');
    expect(messageFor(schema, undefined)).toBe('Name is required');
    expect(messageFor(schema, '   ')).toBe('Name must not be empty');
    expect(messageFor(schema, 'Janneke')).toBe('Name is too long');
    expect(messageFor(schema, 42)).toBe('Name is invalid');
    expect(messageFor(schema, ' Jan ')).toBeNull();
  });

  it('allows an optional text to stay empty but not to be only spaces', () => {
    expect(messageFor(name.text({ max: 5 }), '')).toBeNull();
    expect(messageFor(name.text(), '  ')).toBe('Name must not be empty');
  });

  it('checks patterns and e-mail addresses', () => {
    const email = fieldRules('Email').email({ required: true });
    expect(messageFor(email, '')).toBe('Email is required');
    expect(messageFor(email, 'jane@')).toBe('Email is invalid');
    expect(messageFor(email, `${'a'.repeat(250)}@example.com`)).toBe('Email is too long');
    expect(messageFor(email, 'jane@example.com')).toBeNull();
    expect(messageFor(fieldRules('Code').text({ pattern: /^\d{6}$/ }), '12ab')).toBe('Code is invalid');
  });

  it('checks numbers typed into inputs', () => {
    const price = fieldRules('Price').number({ required: true, min: 0 });
    expect(messageFor(price, '')).toBe('Price is required');
    expect(messageFor(price, 'abc')).toBe('Price is invalid');
    expect(messageFor(price, '-1')).toBe('Minimum value is 0');
    expect(price.parse('12,50')).toBe(12.5);
    expect(messageFor(fieldRules('Capacity').number({ integer: true }), '1.5')).toBe('Capacity is invalid');
    expect(fieldRules('Capacity').number().parse('')).toBeUndefined();
  });

  it('checks lists and ids', () => {
    const items = fieldRules('Items').list(z.string(), { min: 2 });
    expect(messageFor(items, [])).toBe('Items must not be empty');
    expect(messageFor(items, ['a'])).toBe('At least 2 items are required');
    expect(messageFor(items, ['a', 'b'])).toBeNull();
    expect(messageFor(fieldRules('Event').id('evt'), 'shp_1')).toBe('ID is invalid');
    expect(messageFor(fieldRules('Event').id('evt'), 'evt_01H')).toBeNull();
  });

  it('names the field in a form schema, per field', () => {
    const schema = z.object({
      name: fieldRules('Name').text({ required: true }),
      email: fieldRules('Email').email({ required: true }),
    });
    const result = schema.safeParse({ name: '', email: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Name is required'],
      ['email', 'Email is invalid'],
    ]);
  });

  it('speaks Dutch with the Ui.form messages', () => {
    const form = messagesByLocale.nl.Ui.form as Record<string, string>;
    const t = (key: string, values: Record<string, string | number> = {}) =>
      form[key]!.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
    const naam = fieldRules('Naam', ruleWordsFrom(t));
    expect(messageFor(naam.text({ required: true }), '')).toBe('Naam is verplicht');
    expect(messageFor(naam.text({ max: 2 }), 'abc')).toBe('Naam is te lang');
    expect(messageFor(naam.text(), ' ')).toBe('Naam mag niet leeg zijn');
  });
});

describe('formAlertMessage', () => {
  it('shows the generic message only after a submit that failed validation', () => {
    expect(GENERIC_FORM_MESSAGE).toBe('Some fields are not valid. Please check the form and try again.');
    expect(messagesByLocale.en.Ui.form.generic).toBe(GENERIC_FORM_MESSAGE);
    expect(formAlertMessage({ submitCount: 0, errorCount: 2 }, GENERIC_FORM_MESSAGE)).toBeUndefined();
    expect(formAlertMessage({ submitCount: 1, errorCount: 0 }, GENERIC_FORM_MESSAGE)).toBeUndefined();
    expect(formAlertMessage({ submitCount: 1, errorCount: 1 }, GENERIC_FORM_MESSAGE)).toBe(GENERIC_FORM_MESSAGE);
  });

  it('prefers a message for the whole form from the server', () => {
    expect(
      formAlertMessage({ submitCount: 1, errorCount: 1, rootMessage: 'Too many attempts.' }, GENERIC_FORM_MESSAGE),
    ).toBe('Too many attempts.');
  });
});
