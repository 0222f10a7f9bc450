'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import {
  cloneElement,
  isValidElement,
  useCallback,
  type FormHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  FormProvider,
  useController,
  useForm,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '../../lib/cn';
import { Field, type FieldControlProps } from './field';
import { fieldRules, formAlertMessage, ruleWordsFrom } from './field-rules';
import { FormAlert } from './form-alert';

export {
  EMAIL_MAX_LENGTH,
  fieldRules,
  formAlertMessage,
  GENERIC_FORM_MESSAGE,
  ruleWordsFrom,
  SPEC_RULE_WORDS,
  type FieldRules,
  type NumberRule,
  type RuleWords,
  type TextRule,
} from './field-rules';

type Schema = z.ZodType<FieldValues, FieldValues>;

/** react-hook-form validated by a zod schema; fields are checked when left, then on every change. */
export function useZodForm<S extends Schema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), mode: 'onTouched', ...options });
}

/** `fieldRules` speaking the current locale: `const rules = useFieldRules(); rules(t('nameLabel')).text({ required: true })`. */
export function useFieldRules() {
  const t = useTranslations('Ui.form');
  return useCallback((label: string) => fieldRules(label, ruleWordsFrom(t)), [t]);
}

export interface FormProps<TIn extends FieldValues, TOut extends FieldValues> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'children'
> {
  form: UseFormReturn<TIn, unknown, TOut>;
  /** Called with the parsed values once every field is valid. Set `form.setError('root', { message })` for a server's answer. */
  onSubmit(values: TOut): void | Promise<void>;
  /** Replaces the spec's generic message shown when a submit fails validation. */
  genericMessage?: string;
  children: ReactNode;
}

/**
 * A <form> that shows each field's message under the field (through FormField) and, when a submit fails
 * validation, 'Some fields are not valid. Please check the form and try again.' in a FormAlert above the fields.
 */
export function Form<TIn extends FieldValues, TOut extends FieldValues>({
  form,
  onSubmit,
  genericMessage,
  children,
  className,
  ...props
}: FormProps<TIn, TOut>) {
  const t = useTranslations('Ui.form');
  const { errors, submitCount } = form.formState;
  const alert = formAlertMessage(
    {
      submitCount,
      errorCount: Object.keys(errors).filter((key) => key !== 'root').length,
      rootMessage: errors.root?.message,
    },
    genericMessage ?? t('generic'),
  );
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        className={cn('flex flex-col gap-4', className)}
        {...props}
      >
        {alert && <FormAlert tone="error">{alert}</FormAlert>}
        {children}
      </form>
    </FormProvider>
  );
}

/** `items.0.name` → `items-0-name`: a valid, readable element id. */
export function idForName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]+/g, '-');
}

export interface FormFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  description?: ReactNode;
  /** Defaults to the name (dots become dashes). */
  id?: string;
  className?: string;
  /** A control that takes value/onChange/onBlur/name/ref (Input, Textarea, select), or a function for anything else. */
  children:
    | ReactElement<FieldControlProps>
    | ((field: ControllerRenderProps<T, FieldPath<T>>) => ReactElement<FieldControlProps>);
}

/** One field of a Form: the control bound to react-hook-form, inside a Field showing its message. */
export function FormField<T extends FieldValues>({
  name,
  label,
  description,
  id,
  className,
  children,
}: FormFieldProps<T>) {
  const { field, fieldState } = useController<T>({ name });
  const control: ReactElement<FieldControlProps> =
    typeof children === 'function'
      ? children(field)
      : isValidElement(children)
        ? cloneElement(children as ReactElement<Record<string, unknown>>, { ...field, value: field.value ?? '' })
        : children;
  return (
    <Field
      id={id ?? idForName(name)}
      label={label}
      description={description}
      error={fieldState.error?.message}
      className={className}
    >
      {control}
    </Field>
  );
}
