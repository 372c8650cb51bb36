import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's filters kept in the URL query, so a reload, the back button or a shared link keeps them.
 * Empty values are removed; changing a filter replaces the history entry instead of adding one.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const setValues = useCallback(
    (changes: Partial<Record<K | string, string | null | undefined>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { values, setValues, params };
}

/** Only the non-empty values, for an API query. */
export const compact = <T extends Record<string, string | undefined>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== '')) as Partial<T>;
