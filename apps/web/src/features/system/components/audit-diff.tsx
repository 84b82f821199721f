import { useState } from 'react';
import { Space, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditFieldRow, AuditShownValue } from '@portal/shared/system-sessions';

// the changed fields stand out in both columns; a field only one side has is marked on that side
const CHANGED_BEFORE = { background: 'var(--ant-color-error-bg, #fff1f0)' };
const CHANGED_AFTER = { background: 'var(--ant-color-success-bg, #f6ffed)' };

// the items a change took away and added: a sign, and text in a shade that reads at 4.5:1 on its tint (decision 0004)
const MOVED = {
  lost: { sign: '−', style: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' } },
  gained: { sign: '+', style: { color: '#237804', background: '#f6ffed', borderColor: '#b7eb8f' } },
} as const;

/**
 * One side's value as the server named it. A list shows its items, those the change took away (before)
 * or added (after) signed and in colour, so that a grant of a hundred permissions shows the three that moved.
 */
function Value({ value, marked, kind }: { value: AuditShownValue | null; marked: readonly string[]; kind: keyof typeof MOVED }) {
  const { t } = useTranslation('system-logs');
  if (value === null) return <Typography.Text type="secondary">{t('auditLog.nothing')}</Typography.Text>;
  if (typeof value === 'string') {
    if (value === '') return <Typography.Text type="secondary">{t('auditLog.empty')}</Typography.Text>;
    return <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{value}</span>;
  }
  if (value.length === 0) return <Typography.Text type="secondary">{t('auditLog.empty')}</Typography.Text>;
  const moved = new Set(marked);
  return (
    <Space size={[4, 4]} wrap>
      {value.map((item, index) =>
        moved.has(item) ? (
          <Tag key={`${index}-${item}`} data-moved="true" style={{ ...MOVED[kind].style, marginInlineEnd: 0, whiteSpace: 'normal' }}>
            {MOVED[kind].sign} {item}
          </Tag>
        ) : (
          <Tag key={`${index}-${item}`} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
            {item}
          </Tag>
        ),
      )}
    </Space>
  );
}

/** Before and after of one change side by side, one row per field by its name, the changed ones highlighted. */
export function AuditDiff({ fields }: { fields: readonly AuditFieldRow[] }) {
  const { t } = useTranslation('system-logs');
  const changed = fields.filter((row) => row.changed).length;
  const [onlyChanged, setOnlyChanged] = useState(false);
  const shown = onlyChanged ? fields.filter((row) => row.changed) : fields;
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
      <Table<AuditFieldRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={shown}
        onRow={(row) => ({ 'data-changed': row.changed ? 'true' : 'false', 'data-field': row.key }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'label', title: t('auditLog.field'), dataIndex: 'label', width: 160, render: (label: string, row) => (row.changed ? <Typography.Text strong>{label}</Typography.Text> : label) },
          {
            key: 'before',
            title: t('auditLog.before'),
            width: '40%',
            onCell: (row) => ({ style: row.changed ? CHANGED_BEFORE : undefined }),
            render: (_, row) => <Value value={row.before} marked={row.lost} kind="lost" />,
          },
          {
            key: 'after',
            title: t('auditLog.after'),
            width: '40%',
            onCell: (row) => ({ style: row.changed ? CHANGED_AFTER : undefined }),
            render: (_, row) => <Value value={row.after} marked={row.gained} kind="gained" />,
          },
        ]}
      />
    </Space>
  );
}
