import { ValidationError, type FieldViolation } from './domain-errors';
import { messages } from './messages';

export interface StringRule {
  label: string;
  required?: boolean;
  maxLength?: number;
  pattern?: RegExp;
  check?: (value: string) => boolean;
}

export interface IntRule {
  label: string;
  min?: number;
  max?: number;
}

// The id shape of `ids` (prefix_ + 26 Crockford base32 characters), repeated here so errors has no dependency on ids.
const idPattern = (prefix: string): RegExp => new RegExp(`^${prefix}_[0-9a-hjkmnp-tv-z]{26}$`);

/** Collects every field error of a request, then throws them as one ValidationError. */
export class Violations {
  private readonly list: FieldViolation[] = [];

  get all(): readonly FieldViolation[] {
    return this.list;
  }

  get any(): boolean {
    return this.list.length > 0;
  }

  add(field: string, message: string): this {
    this.list.push({ field, message });
    return this;
  }

  /** The trimmed string; '' when absent and optional (or when invalid, after recording why). */
  string(field: string, value: unknown, rule: StringRule): string {
    const text = typeof value === 'string' ? value.trim() : '';
    if (value !== undefined && value !== null && typeof value !== 'string') {
      this.add(field, messages.invalid(rule.label));
      return '';
    }
    if (text === '') {
      if (rule.required) this.add(field, messages.required(rule.label));
      return '';
    }
    // PostgreSQL's text cannot hold NUL: left in, it fails the query as an internal error instead of a 400.
    if (text.includes('\u0000')) {
      this.add(field, messages.invalid(rule.label));
      return '';
    }
    if (rule.maxLength !== undefined && text.length > rule.maxLength) {
      this.add(field, messages.tooLong(rule.label));
      return text;
    }
    if ((rule.pattern && !rule.pattern.test(text)) || (rule.check && !rule.check(text))) {
      this.add(field, messages.invalid(rule.label));
    }
    return text;
  }

  /** A prefixed id ('ID is invalid' when missing or malformed). */
  id(field: string, value: unknown, prefix: string): string {
    if (typeof value !== 'string' || !idPattern(prefix).test(value)) {
      this.add(field, messages.idInvalid);
      return '';
    }
    return value;
  }

  /** A whole number within bounds; NaN when it is not one (after recording why). */
  int(field: string, value: unknown, rule: IntRule): number {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (value === undefined || value === null || value === '') {
      this.add(field, messages.required(rule.label));
      return Number.NaN;
    }
    if (typeof number !== 'number' || !Number.isInteger(number)) {
      this.add(field, messages.invalid(rule.label));
      return Number.NaN;
    }
    if (rule.min !== undefined && number < rule.min) {
      this.add(field, messages.minValue(rule.min));
    } else if (rule.max !== undefined && number > rule.max) {
      this.add(field, messages.invalid(rule.label));
    }
    return number;
  }

  throwIfAny(): void {
    if (this.list.length > 0) throw new ValidationError([...this.list]);
  }
}
