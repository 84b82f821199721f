import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditFieldRow, AuditShownValue } from '@portal/shared/system-sessions';

/** At most this many changed fields in a row of the list; the detail shows them all. */
const SHOWN = 3;

/** How the reader's language writes an empty value, a field's name before its change, and a list of names. */
export type ChangeTexts = { empty: string; colon: string; comma: string };

/** One changed field in a line: "Current department: 財務部 → 倉庫部", or a list's "Permissions: + 使用者管理, 角色管理 − 部門管理". */
export function changeText(row: AuditFieldRow, { empty, colon, comma }: ChangeTexts): string {
  const joined = (value: AuditShownValue | null) => (value === null ? '' : typeof value === 'string' ? value : value.join(comma));
  const parts = [row.gained.length > 0 ? `+ ${row.gained.join(comma)}` : '', row.lost.length > 0 ? `− ${row.lost.join(comma)}` : ''].filter(Boolean);
  // a list whose items only moved has nothing gained or lost: it reads as its two orders
  if (parts.length > 0) return `${row.label}${colon}${parts.join(' ')}`;
  return `${row.label}${colon}${joined(row.before) || empty} → ${joined(row.after) || empty}`;
}

/** What a line changed, in a cell of the list: the first few fields, each on a line of its own. */
export function AuditChanges({ changes }: { changes: readonly AuditFieldRow[] }) {
  const { t } = useTranslation('system-logs');
  if (changes.length === 0) return null;
  const texts = { empty: t('auditLog.empty'), colon: t('auditLog.colon'), comma: t('auditLog.comma') };
  const lines = changes.slice(0, SHOWN).map((row) => changeText(row, texts));
  return (
    <div data-testid="audit-changes">
      {lines.map((line, index) => (
        <Typography.Text key={index} ellipsis={{ tooltip: line }} style={{ display: 'block', maxWidth: '100%' }}>
          {line}
        </Typography.Text>
      ))}
      {changes.length > SHOWN && <Typography.Text type="secondary">{t('auditLog.moreChanges', { count: changes.length - SHOWN })}</Typography.Text>}
    </div>
  );
}
