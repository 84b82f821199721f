/**
 * A timestamp as the API answers it (ISO 8601, UTC), or null when there is none. A string is what a raw
 * `db.execute` row gives for a timestamptz; a Date is what the query builder gives.
 */
export const iso = (time: Date | string | null | undefined): string | null => (time ? new Date(time).toISOString() : null);
