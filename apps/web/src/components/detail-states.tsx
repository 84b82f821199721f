import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/** A detail drawer's loading and failure (with a retry; the HTTP client already said what failed). */
export function DetailStates({ pending, failed, onRetry }: { pending: boolean; failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('components.table.loadFailed')}
        action={
          <Button size="small" onClick={onRetry}>
            {t('components.table.retry')}
          </Button>
        }
      />
    );
  }
  return pending ? <Skeleton active /> : null;
}
