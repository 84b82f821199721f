import { Alert } from 'antd';
import { HttpError } from '../../../lib/http.ts';

/** What the server answered to a refused request, in its own (translated) words; a 401 is the HTTP client's business. */
export function failureMessage(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof HttpError && error.status === 401) return null;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The server's refusal inside a dialog: a 400 names the field it did not accept, a 409 says why the
 * state does not allow it. The dialog stays open so that the user can correct and send again.
 */
export function ServerError({ error }: { error: unknown }) {
  const message = failureMessage(error);
  if (!message) return null;
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} data-testid="server-error" role="alert" />;
}
