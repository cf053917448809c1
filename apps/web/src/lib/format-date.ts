/** One date style everywhere ("Nov 22, 2027" in English): unambiguous, unlike 11/12/2027 across locales. */
export function formatDate(iso: string | Date): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
