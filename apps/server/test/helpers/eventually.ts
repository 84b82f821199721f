/**
 * Whether `check` comes true within about two seconds, asked every 20 ms: for what crosses PostgreSQL
 * (a cache bus event between two app servers), polled as a client's next call would.
 */
export async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
