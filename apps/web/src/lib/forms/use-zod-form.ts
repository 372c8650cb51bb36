import { useState } from 'react';
import { get, useForm, type FieldPath, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { getServerFieldErrors } from '../api/errors';

/**
 * react-hook-form over one of the contract's zod schemas: the form shows exactly the server's rules
 * and messages. Values are typed as the schema's input; the submit handler receives its output.
 * `field(name)` gives a field component what it needs of one value: its registration and its message
 * (`<TextField label="Email" {...field('email')} />`). `submit(run, failed)` is the form's submit handler:
 * it clears the form's error, runs `run` with the parsed values, and on a failure shows what `failed`
 * returns as `formError` (or nothing, when `failed` put the message on a field itself, e.g. with
 * `setServerErrors`).
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  // The resolver's overloads cannot be picked for a generic schema; the cast only names the result.
  const resolver = zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  const form = useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver });
  const field = (name: FieldPath<z.input<S>>) => {
    const fieldError: { message?: string } | undefined = get(form.formState.errors, name);
    return { ...form.register(name), error: fieldError?.message };
  };
  const [formError, setFormError] = useState<string | null>(null);
  const submit = (run: (values: z.output<S>) => Promise<unknown>, failed: (error: unknown) => string | undefined) =>
    form.handleSubmit(async (values) => {
      setFormError(null);
      try {
        await run(values);
      } catch (error) {
        setFormError(failed(error) ?? null);
      }
    });
  /** Puts the server's field messages (a 400's `errors`) on those of `names` it names, focusing the first; true when there was one. */
  const setServerErrors = (error: unknown, names: FieldPath<z.input<S>>[]) => {
    const messages = getServerFieldErrors(error);
    const named = names.filter((name) => messages[name]);
    named.forEach((name, index) => form.setError(name, { message: messages[name] }, { shouldFocus: index === 0 }));
    return named.length > 0;
  };
  return { ...form, field, submit, formError, setFormError, setServerErrors, isSubmitting: form.formState.isSubmitting };
}
