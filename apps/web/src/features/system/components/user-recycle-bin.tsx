import { useState, type Key } from 'react';
import { Button, Drawer, Flex, Input, Space, Table, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RecycledUserRecord } from '@portal/shared/system-user-data';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePurgeUsers, useRecycleBin, useRestoreUsers } from '../api/user-data.ts';

const PAGE_SIZE = 10;

/** Restore and purge of some users of the bin, each asked first; purge says it cannot be undone. */
function BinActions({ ids, batch, onDone }: { ids: number[]; batch: boolean; onDone: () => void }) {
  const { t } = useTranslation('system-user-data');
  const restore = useRestoreUsers();
  const purge = usePurgeUsers();
  const count = ids.length;
  return (
    <Space size={0}>
      <ConfirmedAction
        code="system:user:delete"
        label={batch ? t('bin.restoreSelected') : t('bin.restore')}
        title={t('bin.restore')}
        description={t('bin.restoreConfirm', { count })}
        cancelText={t('bin.cancel')}
        disabled={count === 0}
        pending={restore.isPending}
        run={() => restore.mutateAsync(ids).then(onDone)}
        done={t('bin.restored')}
        testId={batch ? 'user-bin-restore-selected' : 'user-bin-restore'}
      />
      <ConfirmedAction
        code="system:user:delete"
        label={batch ? t('bin.purgeSelected') : t('bin.purge')}
        title={t('bin.purgeTitle')}
        description={t('bin.purgeConfirm', { count })}
        cancelText={t('bin.cancel')}
        danger
        disabled={count === 0}
        pending={purge.isPending}
        run={() => purge.mutateAsync(ids).then(onDone)}
        done={t('bin.purged')}
        testId={batch ? 'user-bin-purge-selected' : 'user-bin-purge'}
      />
    </Space>
  );
}

/** The users' recycle bin: a button of the user list's toolbar opening the bin in a drawer. */
export function UserRecycleBinButton() {
  const { t } = useTranslation('system-user-data');
  const [open, setOpen] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<Key[]>([]);
  const bin = useRecycleBin({ pageNo, pageSize: PAGE_SIZE, keyword: keyword || undefined }, open);
  const ids = selected.map(Number);
  const clear = () => setSelected([]);
  return (
    <Access code="system:user:delete">
      <Button icon={<DeleteOutlined />} onClick={() => setOpen(true)} data-testid="user-recycle-bin">
        {t('bin.open')}
      </Button>
      <Drawer open={open} title={t('bin.title')} size="large" onClose={() => setOpen(false)} destroyOnHidden data-testid="user-recycle-bin-drawer">
        <Flex vertical gap={12}>
          <Input.Search
            allowClear
            placeholder={t('bin.keyword')}
            aria-label={t('bin.keyword')}
            enterButton={t('bin.search')}
            maxLength={64}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPageNo(1);
              clear();
            }}
            data-testid="user-bin-keyword"
          />
          <Flex align="center" gap={8} wrap>
            <BinActions ids={ids} batch onDone={clear} />
            {ids.length > 0 && <Typography.Text type="secondary">{t('bin.selected', { count: ids.length })}</Typography.Text>}
          </Flex>
          <Table<RecycledUserRecord>
            size="small"
            rowKey="id"
            loading={bin.isFetching}
            dataSource={bin.data?.records ?? []}
            locale={{ emptyText: bin.isPending ? ' ' : t('bin.empty') }}
            rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
            pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: bin.data?.total ?? 0, showSizeChanger: false, onChange: setPageNo }}
            scroll={{ x: 660 }}
            data-testid="user-bin-table"
            columns={[
              { key: 'username', dataIndex: 'username', title: t('bin.username'), width: 130 },
              { key: 'realname', dataIndex: 'realname', title: t('bin.realname'), width: 110 },
              { key: 'workNo', dataIndex: 'workNo', title: t('bin.workNo'), width: 90 },
              { key: 'deletedAt', dataIndex: 'deletedAt', title: t('bin.deletedAt'), width: 170, render: (value: string | null) => formatDateTime(value) },
              {
                key: 'actions',
                title: t('bin.actions'),
                fixed: 'right',
                width: 160,
                render: (_: unknown, user: RecycledUserRecord) => <BinActions ids={[user.id]} batch={false} onDone={() => setSelected((keys) => keys.filter((key) => Number(key) !== user.id))} />,
              },
            ]}
          />
        </Flex>
      </Drawer>
    </Access>
  );
}
