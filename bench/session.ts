/** Signs in through POST /api/sys/login and answers the session token. */
export async function login(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let token: unknown;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'success' in parsed && parsed.success === true && 'result' in parsed) {
      const result = parsed.result;
      if (typeof result === 'object' && result !== null && 'token' in result) token = result.token;
    }
  } catch {
    // not JSON: reported below
  }
  if (typeof token !== 'string' || token.length === 0) {
    throw new Error(`login as ${username} failed: HTTP ${response.status} ${text.slice(0, 500)}`);
  }
  return token;
}
