import type { SchoolBrand } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../../lib/api-client';
import { useBrandTheme } from '../../../lib/brand-theme';

/** Only a well-formed id is worth asking about; anything else keeps the product's sign-in page. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const signInBrandQuery = (schoolId: string) =>
  queryOptions({
    queryKey: ['sign-in-brand', schoolId] as const,
    queryFn: ({ signal }) => api.get<SchoolBrand>(`/brand?school=${encodeURIComponent(schoolId)}`, { signal }),
    staleTime: 10 * 60_000,
    // A 404 (no White Label, unknown school) is an answer, not a failure to retry.
    retry: false,
  });

/**
 * The sign-in pages reached from a White Label school's link (`/login?school=<id>`): its brand (null while
 * loading and whenever there is none, so the page simply stays the product's), the page themed in its colour
 * while mounted, and `keep(path)` so moving between sign-in and password reset stays branded.
 */
export function useSignInBrandFromUrl(): { brand: SchoolBrand | null; keep: (path: string) => string } {
  const [params] = useSearchParams();
  const schoolId = params.get('school') ?? '';
  const valid = UUID.test(schoolId);
  const query = useQuery({ ...signInBrandQuery(schoolId), enabled: valid });
  const brand = valid ? (query.data ?? null) : null;
  useBrandTheme(brand?.color);
  const keep = (path: string) => (brand ? `${path}?school=${encodeURIComponent(schoolId)}` : path);
  return { brand, keep };
}
