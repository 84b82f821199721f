/**
 * The user's time zone (IANA name) as the browser knows it: a spreadsheet cell has no zone, so an
 * export writes times as the wall clock of this zone, the times the screens show. Undefined when
 * the browser does not say (the server then uses the portal's, Asia/Shanghai).
 */
export function userTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
