import { ValidationError } from '@kassa/platform/errors';
import { checkTicketOptionFields } from '../../src/domain/ticket-option-fields';

const valid = {
  name: 'Regular',
  description: '',
  translations: [{ locale: 'nl', name: 'Standaard', description: '' }],
};

describe('checkTicketOptionFields', () => {
  it('reads an unset capacity as unlimited and takes 0', () => {
    expect(checkTicketOptionFields(valid).capacity).toBeNull();
    expect(checkTicketOptionFields({ ...valid, capacity: 0 }).capacity).toBe(0);
  });

  it('refuses a negative capacity, a missing or long name and a bad translation', () => {
    let caught: unknown;
    try {
      checkTicketOptionFields({
        name: '',
        description: 'x'.repeat(5001),
        capacity: -1,
        translations: [{ locale: 'de', name: 'x', description: '' }],
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).violations).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'description', message: 'Description is too long' },
      { field: 'capacity', message: 'Minimum value is 0' },
      { field: 'translations.0.locale', message: 'Language is invalid' },
    ]);
    expect(() => checkTicketOptionFields({ ...valid, name: 'x'.repeat(101) })).toThrow('name: Name is too long');
  });
});
