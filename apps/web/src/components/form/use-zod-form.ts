// Every form's footing: react-hook-form validated by the contract's zod schema (the same one
// the server applies), and the server's own field errors put back on the matching inputs, both
// in the page's language (decision 050). Only lazily loaded screens import this file: it carries
// zod, the form library and the contract's table of texts (their routes load `problem`).
import { useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { useT, type Translate } from '../../lib/i18n';
import { problemText, translateFieldErrors } from '../../lib/problem-text';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A form whose values are the schema's input and whose submit handler gets the schema's output
 * (trimmed, normalised). Errors show after the first submit and then follow each keystroke.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  // The page's language does not change under a form (a switch loads the page again); a ref
  // keeps the resolver the form library was given reading the current one all the same.
  const t = useRef<Translate>(useT());
  const checkSchema = zodResolver(schema) as Resolver<z.input<S>, unknown, z.output<S>>;
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = async (...args) => {
    const result = await checkSchema(...args);
    return { ...result, errors: translateFieldErrors(result.errors, t.current) } as typeof result;
  };
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
  });
}

/**
 * Puts the server's field errors (`fields` of our error body, keyed by the body's paths) on the
 * form's inputs of the same name, in the page's language when given `t` (owner and admin
 * screens stay English), and focuses the first. Answers whether any landed: the caller still
 * shows the form's own message either way.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
  t?: Translate,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  return setFieldErrors(form, error.fields, t);
}

/** The same for messages already sorted out of an answer (the checkout's several calls). */
export function setFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  fields: Readonly<Record<string, string>>,
  t?: Translate,
): boolean {
  const names = new Set(Object.keys(form.getValues()));
  // A nested field ('contact.email', 'variants.0.size') is known when the form holds a value there.
  const known = (path: string) =>
    names.has(path) || (path.includes('.') && form.getValues(path as FieldPath<T>) !== undefined);
  let landed = false;
  for (const [path, message] of Object.entries(fields)) {
    if (!known(path)) continue;
    form.setError(
      path as FieldPath<T>,
      { type: 'server', message: t ? problemText(message, t) : message },
      { shouldFocus: !landed },
    );
    landed = true;
  }
  return landed;
}
