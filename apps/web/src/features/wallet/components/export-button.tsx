import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Access } from '../../../components/access.tsx';
import { HttpError } from '../../../lib/http.ts';

/**
 * Exports what the list shows (its filters and tab). Busy while the file comes; the HTTP client already
 * reports a failed status and an answer that is not a file.
 */
export function ExportButton({ code, run }: { code: string; run: () => Promise<void> }) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await run();
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (!(error instanceof HttpError) && text !== tc('errors.downloadFailed')) message.error(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Access code={code}>
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void start()} data-testid="export-button">
        {t('common.export')}
      </Button>
    </Access>
  );
}
