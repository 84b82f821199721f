import type { ListParams } from '../../../components/list-page/list-config.ts';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { useTranslation } from 'react-i18next';
import { exportUsers, useDeleteUsers } from '../api/user-data.ts';

/* The user list's delete (to the recycle bin), one row or the selected ones, and its export. */

export function UserDeleteAction({ user }: { user: { id: number; username: string; realname: string } }) {
  const { t } = useTranslation('system-user-data');
  const remove = useDeleteUsers();
  return (
    <ConfirmedAction
      code="system:user:delete"
      label={t('delete.action')}
      title={t('delete.confirmTitle')}
      description={t('delete.confirm', { name: user.realname || user.username })}
      cancelText={t('delete.cancel')}
      danger
      pending={remove.isPending}
      run={() => remove.mutateAsync([user.id])}
      done={t('delete.done')}
      testId="user-delete"
    />
  );
}

export function UserDeleteBatch({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { t } = useTranslation('system-user-data');
  const remove = useDeleteUsers();
  return (
    <ConfirmedAction
      code="system:user:delete"
      label={t('delete.batch')}
      title={t('delete.confirmTitle')}
      description={t('delete.batchConfirm', { count: ids.length })}
      cancelText={t('delete.cancel')}
      danger
      disabled={ids.length === 0}
      pending={remove.isPending}
      run={() => remove.mutateAsync(ids).then(onDone)}
      done={t('delete.done')}
      testId="user-batch-delete"
    />
  );
}

/** The list's export slot: what the list shows, with its filters. */
export function UserExportButton({ params }: { params: ListParams }) {
  const { t } = useTranslation('system-user-data');
  return <ExportButton code="system:user:export" label={t('export.button')} run={(timeZone) => exportUsers(params, timeZone)} />;
}
