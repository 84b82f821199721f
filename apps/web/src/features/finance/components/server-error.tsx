import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http.ts';

/** What the server answered to a refused request, in its own translated words; a 401 is the HTTP client's business. */
export function failureMessage(error: unknown, notFound?: string): string | null {
  if (!error) return null;
  if (error instanceof HttpError && error.status === 401) return null;
  // the HTTP client answers a 404 with a generic text: the screen knows what was not found
  if (error instanceof HttpError && error.status === 404 && notFound) return notFound;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The server's refusal inside a dialog (a 400 naming the field, a 409 for the submitter's own record
 * or a wallet that cannot pay); the dialog stays open so that the user can correct and send again.
 */
export function ServerError({ error }: { error: unknown }) {
  const { t } = useTranslation('finance');
  const message = failureMessage(error, t('common.notFound'));
  if (!message) return null;
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} data-testid="server-error" role="alert" />;
}
