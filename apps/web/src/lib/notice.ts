/**
 * A message for the next page, when the page that has it to say is going away: the session guard
 * sends the user to the sign-in page with 请求用户信息失败，请重试！, which that page shows.
 * In memory only: a reload has nothing more to say.
 */
let pending: string | null = null;

export function leaveNotice(message: string): void {
  pending = message;
}

export function pendingNotice(): string | null {
  return pending;
}

/** Once shown: read in a state initialiser, cleared in an effect (StrictMode runs initialisers twice). */
export function clearNotice(): void {
  pending = null;
}
