import type { InputHTMLAttributes } from 'react';
import { Field } from './field';
import { Input } from './input';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** Already translated; shown under the field and announced with it. */
  error?: string;
  hint?: string;
}

/** A labelled input with its hint and error: a Field around an Input. */
export function TextField({ id, label, error, hint, ...inputProps }: TextFieldProps) {
  return (
    <Field id={id} label={label} description={hint} error={error}>
      <Input {...inputProps} />
    </Field>
  );
}
