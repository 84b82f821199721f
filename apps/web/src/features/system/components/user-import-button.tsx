import { useTranslation } from 'react-i18next';
import { ImportButton } from '../../../components/import-dialog.tsx';
import { useDownloadUserTemplate, useImportUsers } from '../api/user-data.ts';

/** The users' import, in the shared import dialog. */
export function UserImportButton() {
  const { t } = useTranslation('system-user-data');
  const texts = {
    button: t('import.button'),
    title: t('import.title'),
    stepTemplate: t('import.stepTemplate'),
    hint: t('import.hint', { size: '5 MB' }),
    success: (count: number) => t('import.success', { count }),
    failed: (count: number) => t('import.failed', { count }),
  };
  return <ImportButton code="system:user:import" testId="user-import" texts={texts} template={useDownloadUserTemplate()} upload={useImportUsers()} />;
}
