import { useSearchParams } from 'react-router';

/**
 * Company readers look at one school at a time and carry it in the URL (`?schoolId=`), on lists and on the
 * profile pages they open from them. School users never carry it: the server knows their school.
 */
export function useViewedSchool(): string | undefined {
  const [params] = useSearchParams();
  return params.get('schoolId') || undefined;
}

/** `path` within the school a company reader is looking at; unchanged when there is none. */
export function inSchool(path: string, schoolId: string | undefined): string {
  if (!schoolId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}schoolId=${encodeURIComponent(schoolId)}`;
}
