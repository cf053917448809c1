/** Timestamps as ISO-8601 strings in responses; the driver returns Date or text depending on the query. */
export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
export const isoNow = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
