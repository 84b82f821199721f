import { Alert } from 'antd';
import { HttpError } from '../../../lib/http.ts';

/** What the server answered to a refused request, in its own (translated) words; a 401 is the HTTP client's business. */
export function failureMessage(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof HttpError && error.status === 401) return null;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The server's refusal inside a dialog: a 400 names the field, a 409 says why the state does not allow
 * it (a balance too short, a charge paid meanwhile). The dialog stays open to correct and send again,
 * with the same idempotency key.
 */
export function ServerError({ error }: { error: unknown }) {
  const message = failureMessage(error);
  if (!message) return null;
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} data-testid="server-error" role="alert" />;
}
