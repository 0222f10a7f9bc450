import {
  ConflictError,
  DomainError,
  FailedPreconditionError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitedError,
  UnauthenticatedError,
  ValidationError,
  Violations,
  messages,
} from '../../src/errors';
import { newId } from '../../src/ids';

describe('messages', () => {
  it('words every message as the specification does', () => {
    expect(messages.required('Email')).toBe('Email is required');
    expect(messages.empty('Name')).toBe('Name must not be empty');
    expect(messages.invalid('Email')).toBe('Email is invalid');
    expect(messages.tooLong('Name')).toBe('Name is too long');
    expect(messages.idInvalid).toBe('ID is invalid');
    expect(messages.minValue(1)).toBe('Minimum value is 1');
    expect(messages.minItems(2)).toBe('At least 2 items are required');
    expect(messages.checkoutNeedsItem).toBe('Checkout needs at least one item');
    expect(messages.genericForm).toBe('Some fields are not valid. Please check the form and try again.');
  });
});

describe('domain errors', () => {
  it('are DomainErrors with their own names and default messages', () => {
    const errors = [
      new NotFoundError(),
      new UnauthenticatedError(),
      new PermissionDeniedError(),
      new ConflictError(),
      new FailedPreconditionError(),
      new RateLimitedError(10),
      new ValidationError([{ field: 'email', message: 'Email is required' }]),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(error.constructor.name);
      expect(error.message.length).toBeGreaterThan(0);
    }
    expect(new NotFoundError('Event not found').message).toBe('Event not found');
  });

  it('keeps violations and a whole, positive retry-after', () => {
    expect(new ValidationError([{ field: 'a', message: 'A is required' }]).violations).toEqual([
      { field: 'a', message: 'A is required' },
    ]);
    expect(new RateLimitedError(2.2).retryAfterSeconds).toBe(3);
    expect(new RateLimitedError(0).retryAfterSeconds).toBe(1);
    expect(new RateLimitedError(30, 'Slow down').message).toBe('Slow down');
  });
});

function thrown(fn: () => void): ValidationError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('Violations', () => {
  it('returns trimmed strings and collects every problem into one ValidationError', () => {
    const v = new Violations();
    expect(v.string('name', '  Jane  ', { label: 'Name', required: true, maxLength: 10 })).toBe('Jane');
    v.string('email', '', { label: 'Email', required: true });
    v.string('email2', undefined, { label: 'Email', required: true });
    v.string('bio', 'x'.repeat(11), { label: 'Bio', maxLength: 10 });
    v.string('slug', 'Not A Slug', { label: 'Slug', pattern: /^[a-z-]+$/ });
    v.string('color', 'blue', { label: 'Color', check: (s) => s.startsWith('#') });
    v.string('nick', 42, { label: 'Nick' });
    expect(v.string('note', '   ', { label: 'Note' })).toBe('');
    const error = thrown(() => v.throwIfAny());
    expect(error.violations).toEqual([
      { field: 'email', message: 'Email is required' },
      { field: 'email2', message: 'Email is required' },
      { field: 'bio', message: 'Bio is too long' },
      { field: 'slug', message: 'Slug is invalid' },
      { field: 'color', message: 'Color is invalid' },
      { field: 'nick', message: 'Nick is invalid' },
    ]);
  });

  it('refuses a string with a NUL character, which PostgreSQL cannot store or compare', () => {
    const v = new Violations();
    expect(v.string('query', 'ab\u0000c', { label: 'Query', maxLength: 254 })).toBe('');
    expect(v.string('name', '\u0000', { label: 'Name', required: true })).toBe('');
    expect(thrown(() => v.throwIfAny()).violations).toEqual([
      { field: 'query', message: 'Query is invalid' },
      { field: 'name', message: 'Name is invalid' },
    ]);
  });

  it('checks ids against their prefix', () => {
    const v = new Violations();
    const id = newId('evt');
    expect(v.id('eventId', id, 'evt')).toBe(id);
    v.id('shopId', id, 'shp');
    v.id('orderId', 'ord_123', 'ord');
    v.id('other', undefined, 'ord');
    expect(thrown(() => v.throwIfAny()).violations).toEqual([
      { field: 'shopId', message: 'ID is invalid' },
      { field: 'orderId', message: 'ID is invalid' },
      { field: 'other', message: 'ID is invalid' },
    ]);
  });

  it('checks whole numbers and their bounds', () => {
    const v = new Violations();
    expect(v.int('quantity', 3, { label: 'Quantity', min: 1 })).toBe(3);
    expect(v.int('capacity', '12', { label: 'Capacity', min: 0 })).toBe(12);
    v.int('q1', 0, { label: 'Quantity', min: 1 });
    v.int('q2', 1.5, { label: 'Quantity' });
    v.int('q3', undefined, { label: 'Quantity' });
    v.int('q4', 11, { label: 'Quantity', max: 10 });
    v.int('q5', 'ten', { label: 'Quantity' });
    expect(thrown(() => v.throwIfAny()).violations).toEqual([
      { field: 'q1', message: 'Minimum value is 1' },
      { field: 'q2', message: 'Quantity is invalid' },
      { field: 'q3', message: 'Quantity is required' },
      { field: 'q4', message: 'Quantity is invalid' },
      { field: 'q5', message: 'Quantity is invalid' },
    ]);
  });

  it('adds free-form violations and does not throw when there are none', () => {
    const clean = new Violations();
    expect(() => clean.throwIfAny()).not.toThrow();
    expect(clean.any).toBe(false);
    const v = new Violations().add('items', messages.checkoutNeedsItem);
    expect(v.any).toBe(true);
    expect(thrown(() => v.throwIfAny()).violations).toEqual([
      { field: 'items', message: 'Checkout needs at least one item' },
    ]);
  });
});
