import { useSearchParams } from 'react-router';

/**
 * List filters kept in the URL (`?search=…&classId=…`), so a filtered list survives reload and can be
 * shared. `defaults` names the filters and their values when absent; a default value is left out of the URL.
 */
export function useUrlFilters<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const values = {} as Record<K, string>;
  for (const key of Object.keys(defaults) as K[]) values[key] = params.get(key) ?? defaults[key];

  const set = (key: K, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === defaults[key]) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return [values, set] as const;
}
