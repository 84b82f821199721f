/*
 * The day of the server's time zone (the process's TZ): the day the API statistics count a call in and the
 * day every statistics range is read in (decision 0030).
 */

/** YYYY-MM-DD of `now` where the server is. */
export const serverDay = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** The IANA name of the server's zone, for PostgreSQL to group instants into the same days. */
export const serverTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
