import { useState } from 'react';
import { Space, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { diffRows, shownValue, type DiffRow } from '../audit-diff-rules.ts';

// the changed fields stand out in both columns; a field only one side has is marked on that side
const CHANGED_BEFORE = { background: 'var(--ant-color-error-bg, #fff1f0)' };
const CHANGED_AFTER = { background: 'var(--ant-color-success-bg, #f6ffed)' };

function Value({ value, present }: { value: unknown; present: boolean }) {
  const { t } = useTranslation('system-logs');
  if (!present) return <Typography.Text type="secondary">{t('auditLog.nothing')}</Typography.Text>;
  return <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: typeof value === 'string' ? undefined : 'monospace' }}>{shownValue(value)}</span>;
}

/** Before and after of one change side by side, one row per field, the changed ones highlighted (a JSON diff). */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('system-logs');
  const rows = diffRows(before, after);
  const changed = rows.filter((row) => row.changed).length;
  const [onlyChanged, setOnlyChanged] = useState(false);
  const shown = onlyChanged ? rows.filter((row) => row.changed) : rows;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {changed > 0 && (
        <Space>
          <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} aria-label={t('auditLog.onlyChanged')} data-testid="audit-only-changed" />
          <span>{t('auditLog.onlyChanged')}</span>
          <Typography.Text type="secondary" data-testid="audit-changed-count">
            {t('auditLog.changedCount', { count: changed })}
          </Typography.Text>
        </Space>
      )}
      <Table<DiffRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={shown}
        rowClassName={(row) => (row.changed ? 'audit-diff-changed' : '')}
        onRow={(row) => ({ 'data-changed': row.changed ? 'true' : 'false' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'key', title: t('auditLog.field'), dataIndex: 'key', width: 160, render: (key: string, row) => (row.changed ? <Typography.Text strong>{key}</Typography.Text> : key) },
          {
            key: 'before',
            title: t('auditLog.before'),
            onCell: (row) => ({ style: row.changed ? CHANGED_BEFORE : undefined }),
            render: (_, row) => <Value value={row.before} present={!row.added && before !== null} />,
          },
          {
            key: 'after',
            title: t('auditLog.after'),
            onCell: (row) => ({ style: row.changed ? CHANGED_AFTER : undefined }),
            render: (_, row) => <Value value={row.after} present={!row.removed && after !== null} />,
          },
        ]}
      />
    </Space>
  );
}
