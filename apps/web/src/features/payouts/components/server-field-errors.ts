import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { getServerFieldErrors, getServerMessage } from '@/lib/api/errors';

/**
 * The server names a field by its place in the request (`tax_form.tin`, `bank.routing_number`); the
 * form by its own name (`tin`). Puts each of the request part's messages on its field; true when any.
 */
function setPartErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, part: 'tax_form' | 'bank'): boolean {
  const prefix = `${part}.`;
  const entries = Object.entries(getServerFieldErrors(error)).filter(([key]) => key.startsWith(prefix));
  entries.forEach(([key, message], index) =>
    setError(key.slice(prefix.length) as Path<T>, { message }, { shouldFocus: index === 0 }),
  );
  return entries.length > 0;
}

/** A part's form failed: the server's messages on their fields, else its message (or the fallback) above the form. */
export const partFailure =
  <T extends FieldValues>(setError: UseFormSetError<T>, part: 'tax_form' | 'bank', fallback: string) =>
  (error: unknown) =>
    setPartErrors(setError, error, part) ? undefined : (getServerMessage(error) ?? fallback);
