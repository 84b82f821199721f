import { useMemo, useState } from 'react';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_RESOURCES, type AuditLogRecord } from '@portal/shared/system-sessions';
import type { Language } from '@portal/shared/languages';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { AUDIT_LOG_LIST_KEY, listAuditLogs } from '../api/audit-logs.ts';
import { AuditChanges } from '../components/audit-changes.tsx';
import { AuditLogDrawer } from '../components/audit-log-drawer.tsx';
import { ActionText, ResourceText } from '../components/audit-texts.tsx';

function DetailLink({ line, onOpen }: { line: AuditLogRecord; onOpen: (id: number) => void }) {
  const { t } = useTranslation('system-logs');
  return (
    <Button type="link" size="small" onClick={() => onOpen(line.id)} data-testid="audit-detail">
      {t('common.detail')}
    </Button>
  );
}

function auditList(onOpen: (id: number) => void, language: Language): ListPageConfig<AuditLogRecord> {
  return {
    id: 'system-audit-log',
    rowKey: 'id',
    // the server names each line's changes in the request's language
    queryKey: [...AUDIT_LOG_LIST_KEY, language],
    fetcher: listAuditLogs,
    defaultSort: { column: 'createdAt', order: 'desc' },
    query: [
      { name: 'resource', label: textKey('system-logs', 'auditLog.resource'), type: 'select', options: AUDIT_RESOURCES.map((value) => ({ value, label: textKey('system-logs', `auditLog.resources.${value}`) })) },
      { name: 'action', label: textKey('system-logs', 'auditLog.action'), type: 'select', options: AUDIT_ACTIONS.map((value) => ({ value, label: textKey('system-logs', `auditLog.actions.${value}`) })) },
      { name: 'createdAt', label: textKey('system-logs', 'auditLog.createdAt'), type: 'date-range' },
      { name: 'username', label: textKey('system-logs', 'auditLog.username'), type: 'input', hidden: true },
    ],
    columns: [
      { dataIndex: 'createdAt', title: textKey('system-logs', 'auditLog.createdAt'), format: 'dateTime', width: 170, phone: true },
      { dataIndex: 'username', title: textKey('system-logs', 'auditLog.username'), width: 130, phone: true },
      { dataIndex: 'resource', title: textKey('system-logs', 'auditLog.resource'), width: 110, render: (line) => <ResourceText resource={line.resource} /> },
      { dataIndex: 'action', title: textKey('system-logs', 'auditLog.action'), width: 130, phone: true, render: (line) => <ActionText action={line.action} /> },
      { dataIndex: 'label', title: textKey('system-logs', 'auditLog.label'), width: 180, format: 'ellipsis' },
      { key: 'changes', title: textKey('system-logs', 'auditLog.changes'), width: 360, render: (line) => <AuditChanges changes={line.changes} /> },
      { dataIndex: 'resourceId', title: textKey('system-logs', 'auditLog.resourceId'), width: 100, defaultHidden: true },
      // the changes take its room; the detail shows it, the column chooser brings it back
      { dataIndex: 'ip', title: textKey('system-logs', 'auditLog.ip'), width: 140, defaultHidden: true },
      { key: 'actions', title: textKey('system-logs', 'common.actions'), fixed: 'right', width: 90, phone: true, render: (line) => <DetailLink line={line} onOpen={onOpen} /> },
    ],
  };
}

/** The audit log: the tenant's administrative changes, what each changed in the reader's language, and the record before and after it. */
export function AuditLogListPage() {
  const [open, setOpen] = useState<number | null>(null);
  const language = useLanguage();
  const config = useMemo(() => auditList(setOpen, language), [language]);
  return (
    <Card>
      <ListPage config={config} />
      <AuditLogDrawer id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
