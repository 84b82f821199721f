import { Card, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoginLogRecord } from '@portal/shared/system-sessions';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { listLoginLogs, LOGIN_LOG_LIST_KEY } from '../api/login-logs.ts';
import { userAgentText } from '../user-agent-text.ts';

/** The reasons the server writes, as keys of their texts; another reason is shown as written. */
const REASONS = { 'bad credentials': 'badCredentials', locked: 'locked', frozen: 'frozen', 'tenant frozen': 'tenantFrozen' } as const;

function Outcome({ record }: { record: LoginLogRecord }) {
  const { t } = useTranslation('system-logs');
  return record.success ? <Tag color="green">{t('loginLog.ok')}</Tag> : <Tag color="red">{t('loginLog.failed')}</Tag>;
}

function Reason({ reason }: { reason: string }) {
  const { t } = useTranslation('system-logs');
  const key = Object.hasOwn(REASONS, reason) ? REASONS[reason as keyof typeof REASONS] : null;
  return <>{key ? t(`loginLog.reasons.${key}`) : reason}</>;
}

function Device({ userAgent }: { userAgent: string }) {
  const text = userAgentText(userAgent);
  return text ? (
    <Tooltip title={userAgent}>
      <span>{text}</span>
    </Tooltip>
  ) : null;
}

const config: ListPageConfig<LoginLogRecord> = {
  id: 'system-login-log',
  rowKey: 'id',
  queryKey: LOGIN_LOG_LIST_KEY,
  fetcher: listLoginLogs,
  defaultSort: { column: 'createdAt', order: 'desc' },
  query: [
    { name: 'username', label: textKey('system-logs', 'loginLog.username'), type: 'input' },
    {
      name: 'success',
      label: textKey('system-logs', 'loginLog.success'),
      type: 'select',
      options: [
        { value: 'true', label: textKey('system-logs', 'loginLog.ok') },
        { value: 'false', label: textKey('system-logs', 'loginLog.failed') },
      ],
    },
    { name: 'createdAt', label: textKey('system-logs', 'loginLog.createdAt'), type: 'date-range' },
    { name: 'ip', label: textKey('system-logs', 'loginLog.ip'), type: 'input', hidden: true },
    {
      name: 'logType',
      label: textKey('system-logs', 'loginLog.logType'),
      type: 'select',
      hidden: true,
      options: [
        { value: '1', label: textKey('system-logs', 'loginLog.signIn') },
        { value: '2', label: textKey('system-logs', 'loginLog.signOut') },
      ],
    },
  ],
  columns: [
    { dataIndex: 'createdAt', title: textKey('system-logs', 'loginLog.createdAt'), format: 'dateTime', sorter: true, width: 170, phone: true },
    { dataIndex: 'username', title: textKey('system-logs', 'loginLog.username'), sorter: true, width: 140, phone: true },
    {
      dataIndex: 'logType',
      title: textKey('system-logs', 'loginLog.logType'),
      width: 90,
      options: [
        { value: '1', label: textKey('system-logs', 'loginLog.signIn') },
        { value: '2', label: textKey('system-logs', 'loginLog.signOut') },
      ],
    },
    { dataIndex: 'success', title: textKey('system-logs', 'loginLog.success'), width: 90, phone: true, render: (record) => <Outcome record={record} /> },
    { dataIndex: 'reason', title: textKey('system-logs', 'loginLog.reason'), width: 180, render: (record) => <Reason reason={record.reason} /> },
    { dataIndex: 'ip', title: textKey('system-logs', 'loginLog.ip'), width: 140 },
    { dataIndex: 'userAgent', title: textKey('system-logs', 'loginLog.device'), width: 200, render: (record) => <Device userAgent={record.userAgent} /> },
  ],
};

/** The sign-in log: the tenant's sign-ins (successful or not, with why not) and sign-outs. */
export function LoginLogListPage() {
  return (
    <Card>
      <ListPage config={config} />
    </Card>
  );
}
