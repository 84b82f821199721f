import { Descriptions, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailStates } from '../../../components/detail-states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAuditLog } from '../api/audit-logs.ts';
import { AuditDiff } from './audit-diff.tsx';
import { ResourceText, ActionText } from './audit-texts.tsx';

/** One line of the audit log: who changed what and when, and the record before and after, side by side, as the server named it for the reader. */
export function AuditLogDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('system-logs');
  const line = useAuditLog(id);
  const data = line.data;
  return (
    <Drawer open={id !== null} onClose={onClose} title={t('auditLog.title')} size="large" destroyOnHidden data-testid="audit-log-drawer">
      {data ? (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('auditLog.createdAt')}>{formatDateTime(data.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('auditLog.username')}>{data.username}</Descriptions.Item>
            <Descriptions.Item label={t('auditLog.resource')}>
              <ResourceText resource={data.resource} />
            </Descriptions.Item>
            <Descriptions.Item label={t('auditLog.action')}>
              <ActionText action={data.action} />
            </Descriptions.Item>
            <Descriptions.Item label={t('auditLog.label')}>{data.label}</Descriptions.Item>
            <Descriptions.Item label={t('auditLog.resourceId')}>{data.resourceId}</Descriptions.Item>
            <Descriptions.Item label={t('auditLog.ip')}>{data.ip}</Descriptions.Item>
          </Descriptions>
          <AuditDiff fields={data.fields} />
        </>
      ) : (
        <DetailStates pending={line.isPending} failed={line.isError} onRetry={() => void line.refetch()} />
      )}
    </Drawer>
  );
}
