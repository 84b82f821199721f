import type { PermissionCode } from '@portal/shared/permissions';
import { useState, type ReactNode } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { DownloadError, HttpError } from '../lib/http.ts';
import { Access } from './access.tsx';
import { userTimeZone } from '../lib/time-zone.ts';

/**
 * Exports what a list shows (its filters), or one row's record (`inRow`: a link like the row's other
 * actions). Busy while the file comes; the HTTP client already reports a failed status and an answer
 * that is not a file (DownloadError). `label` is in the caller's namespace. `run` is handed the user's
 * time zone, to send as the export's `timeZone` parameter. Without `code` the button is the page's own: an
 * online form's, whose one permission code (online:form:<code>) opened the page.
 */
export function ExportButton({ code, label, run, inRow = false }: { code?: PermissionCode; label: ReactNode; run: (timeZone: string | undefined) => Promise<unknown>; inRow?: boolean }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await run(userTimeZone());
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (!(error instanceof HttpError) && !(error instanceof DownloadError)) message.error(text);
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button icon={<DownloadOutlined />} loading={busy} type={inRow ? 'link' : undefined} size={inRow ? 'small' : undefined} onClick={() => void start()} data-testid="export-button">
      {label}
    </Button>
  );
  return code ? <Access code={code}>{button}</Access> : button;
}
