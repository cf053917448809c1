/**
 * The years a date field accepts (docs/product.md, "Form field messages"): a school's records start long after
 * 1900, and PostgreSQL has no year 0. A date outside them is refused with the field's own format message, not
 * the database's bare `A date is out of range.`
 */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 9999;

/** Whether a `YYYY-…` date, month or timestamp string has a year from MIN_DATE_YEAR to MAX_DATE_YEAR. */
export function hasPlausibleYear(value: string): boolean {
  const year = Number(/^(\d{4})-/.exec(value)?.[1]);
  return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
}
