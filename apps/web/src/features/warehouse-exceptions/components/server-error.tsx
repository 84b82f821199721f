import { Alert } from 'antd';
import { HttpError } from '../../../lib/http.ts';

/**
 * The server's refusal inside a dialog, in its own translated words (a 400 naming the field, a 409
 * when the status moved meanwhile; a 404 in the caller's words); the dialog stays open to try again.
 * A 401 is the HTTP client's business.
 */
export function ServerError({ error, notFound }: { error: unknown; notFound?: string }) {
  if (!error || (error instanceof HttpError && error.status === 401)) return null;
  // the HTTP client answers a 404 with a generic text: the dialog knows what was not found
  const message = error instanceof HttpError && error.status === 404 && notFound ? notFound : error instanceof Error ? error.message : String(error);
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} data-testid="server-error" role="alert" />;
}
