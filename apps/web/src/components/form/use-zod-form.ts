// Every form's footing: react-hook-form validated by the contract's zod schema (the same one
// the server applies), and the server's own field errors put back on the matching inputs.
// Only lazily loaded screens import this file: it carries zod and the form library.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A form whose values are the schema's input and whose submit handler gets the schema's output
 * (trimmed, normalised). Errors show after the first submit and then follow each keystroke.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
  });
}

/**
 * Puts the server's field errors (`fields` of our error body, keyed by the body's paths) on the
 * form's inputs of the same name and focuses the first. Answers whether any landed: the caller
 * still shows the form's own message either way.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  return setFieldErrors(form, error.fields);
}

/** The same for messages already sorted out of an answer (the checkout's several calls). */
export function setFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  fields: Readonly<Record<string, string>>,
): boolean {
  const names = new Set(Object.keys(form.getValues()));
  // A nested field ('contact.email', 'variants.0.size') is known when the form holds a value there.
  const known = (path: string) =>
    names.has(path) || (path.includes('.') && form.getValues(path as FieldPath<T>) !== undefined);
  let landed = false;
  for (const [path, message] of Object.entries(fields)) {
    if (!known(path)) continue;
    form.setError(path as FieldPath<T>, { type: 'server', message }, { shouldFocus: !landed });
    landed = true;
  }
  return landed;
}
