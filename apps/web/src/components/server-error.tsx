import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { HttpError } from '../lib/http.ts';

/**
 * What the server answered to a refused request, in its own translated words; a 401 is the HTTP
 * client's business. The HTTP client answers a 404 with a generic text: `notFound`, when the screen
 * has one, says what was not found.
 */
export function failureMessage(error: unknown, notFound?: string): string | null {
  if (!error) return null;
  if (error instanceof HttpError && error.status === 401) return null;
  if (error instanceof HttpError && error.status === 404 && notFound) return notFound;
  return error instanceof Error ? error.message : String(error);
}

/** Where a refusal belongs: the dialog or drawer it is shown in (a form on a page otherwise). */
const SCOPE = '[role="dialog"], form';
/** A pick in a select's, date picker's or cascader's list, drawn outside the dialog (a popup on the body). */
const POPUP_PICK = '.ant-select-item-option, .ant-select-tree-treenode, .ant-picker-cell, .ant-cascader-menu-item';

/**
 * The server's refusal inside a dialog (a 400 naming the field, a 409 when the state does not allow
 * it); the dialog stays open so that the user can correct and send again. Once the user changes
 * anything in the dialog the refusal no longer describes what is there: it goes, until the next one.
 */
export function ServerError({ error, notFound }: { error: unknown; notFound?: string }) {
  const message = failureMessage(error, notFound);
  const ref = useRef<HTMLDivElement>(null);
  const [outlived, setOutlived] = useState<unknown>(null);
  useEffect(() => {
    const scope = message ? ref.current?.closest(SCOPE) : null;
    if (!scope) return;
    const changed = () => setOutlived(error);
    // while a dialog is open its popups are the only ones a user can reach: a pick there changes the dialog
    const picked = (event: Event) => {
      if (scope.matches('[role="dialog"]') && event.target instanceof Element && event.target.closest(POPUP_PICK)) changed();
    };
    scope.addEventListener('input', changed);
    scope.addEventListener('change', changed);
    document.addEventListener('click', picked, true);
    return () => {
      scope.removeEventListener('input', changed);
      scope.removeEventListener('change', changed);
      document.removeEventListener('click', picked, true);
    };
  }, [error, message]);
  if (!message || outlived === error) return null;
  return (
    <div ref={ref}>
      <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} data-testid="server-error" role="alert" />
    </div>
  );
}
