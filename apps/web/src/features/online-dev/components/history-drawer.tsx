import { useState } from 'react';
import { Alert, App, Button, Drawer, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ONLINE_HISTORY_LIMIT, type HistoryEntry, type OnlineKind } from '@portal/shared/online';
import { formatDateTime } from '../../../lib/format.ts';
import { failureMessage } from '../../../components/server-error.tsx';
import { Access } from '../../../components/access.tsx';
import { DetailStates } from '../../../components/detail-states.tsx';
import { useHistory } from '../api/history.ts';

export type HistoryTarget = { kind: OnlineKind; code: string };

/** A value of a difference as short text: objects as JSON, nothing as a dash. */
const shown = (value: unknown): string => (value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The kept versions of a report or form (the newest first), what each changed from the one before, and
 * a rollback to an older one (it becomes the newest version; the server keeps the history).
 */
export function HistoryDrawer({ target, onClose, rollback }: { target: HistoryTarget | null; onClose: () => void; rollback: (version: number) => Promise<unknown> }) {
  const { t } = useTranslation('online-dev');
  const { message } = App.useApp();
  const history = useHistory(target);
  const [chosen, setChosen] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const entries = history.data ?? [];
  const newest = entries[0]?.version;
  const selected = entries.find((entry) => entry.version === chosen) ?? entries[0];

  const restore = async (version: number) => {
    setPending(true);
    try {
      await rollback(version);
      void message.success(t('history.rolledBack', { version }));
      setChosen(null);
    } catch (error) {
      const text = failureMessage(error);
      if (text) void message.error(text);
    } finally {
      setPending(false);
    }
  };

  return (
    <Drawer open={target !== null} onClose={onClose} size={900} title={target ? t('history.title', { code: target.code }) : ''} destroyOnHidden data-testid="history-drawer">
      <DetailStates pending={history.isPending} failed={history.isError} onRetry={() => void history.refetch()} />
      {history.isSuccess &&
        (entries.length === 0 ? (
          <Empty description={t('history.empty')} />
        ) : (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('history.kept', { count: ONLINE_HISTORY_LIMIT })}</Typography.Text>
            <Table<HistoryEntry>
              size="small"
              rowKey="version"
              pagination={false}
              dataSource={entries}
              rowSelection={{ type: 'radio', selectedRowKeys: selected ? [selected.version] : [], onChange: (keys) => setChosen(Number(keys[0])) }}
              onRow={(entry) => ({ onClick: () => setChosen(entry.version) })}
              columns={[
                { title: t('history.version'), dataIndex: 'version', width: 120, render: (version: number) => (version === newest ? <Space>{version}<Tag color="blue">{t('history.current')}</Tag></Space> : version) },
                { title: t('history.changedAt'), dataIndex: 'changedAt', width: 190, render: (value: string) => formatDateTime(value) },
                { title: t('history.changedBy'), dataIndex: 'changedBy', render: (value: string | null) => value ?? '—' },
                {
                  title: t('common.actions'),
                  key: 'actions',
                  width: 160,
                  render: (_value, entry) =>
                    entry.version === newest ? null : (
                      <Access code="system:online:edit">
                        <Popconfirm
                          title={t('common.confirmTitle')}
                          description={t('history.rollbackConfirm', { code: target?.code ?? '', version: entry.version })}
                          okText={t('history.rollback')}
                          cancelText={t('common.cancel')}
                          okButtonProps={{ loading: pending }}
                          onConfirm={() => restore(entry.version)}
                        >
                          <Button type="link" size="small" data-testid={`history-rollback-${entry.version}`} onClick={(event) => event.stopPropagation()}>
                            {t('history.rollback')}
                          </Button>
                        </Popconfirm>
                      </Access>
                    ),
                },
              ]}
              data-testid="history-versions"
            />
            {selected && (
              <>
                <Typography.Title level={5}>
                  {t('history.version')} {selected.version}: {t('history.changes')}
                </Typography.Title>
                {selected.diff.length === 0 ? (
                  <Alert type="info" title={selected.version === entries[entries.length - 1]?.version ? t('history.noChanges') : t('history.unchanged')} />
                ) : (
                  <Table
                    size="small"
                    rowKey="path"
                    pagination={false}
                    dataSource={selected.diff}
                    columns={[
                      { title: t('history.path'), dataIndex: 'path', width: 240, render: (path: string) => <Typography.Text code>{path}</Typography.Text> },
                      { title: t('history.before'), dataIndex: 'before', render: (value: unknown) => <Typography.Text delete={value !== undefined && value !== null}>{shown(value)}</Typography.Text> },
                      { title: t('history.after'), dataIndex: 'after', render: (value: unknown) => shown(value) },
                    ]}
                    data-testid="history-diff"
                  />
                )}
              </>
            )}
          </Space>
        ))}
    </Drawer>
  );
}
