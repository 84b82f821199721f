import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_BYTES_MAX, IMPORT_ROWS_MAX } from '@portal/shared/logistics';
import { ImportDialog, type ImportDialogTexts } from '../../../components/import-dialog.tsx';
import { formatBytes, formatCount } from '../../../lib/format.ts';
import { useDownloadImportTemplate, useImportOrders } from '../api/order-import.ts';

/** The order import: the shared import dialog with the orders' texts and template, and the upload's progress (an order file is large). */
export function ImportOrdersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('logistics');
  const [percent, setPercent] = useState(0);
  const template = useDownloadImportTemplate();
  const upload = useImportOrders(setPercent);
  const texts: ImportDialogTexts = {
    title: t('import.title'),
    stepTemplate: t('import.stepTemplate'),
    hint: t('import.hint', { size: formatBytes(IMPORT_BYTES_MAX), rows: formatCount(IMPORT_ROWS_MAX) }),
    success: (count) => t('import.success', { count }),
    failed: (count) => t('import.failed', { count }),
  };
  return <ImportDialog open={open} onClose={onClose} testId="import" texts={texts} template={template} upload={upload} progress={percent} />;
}
