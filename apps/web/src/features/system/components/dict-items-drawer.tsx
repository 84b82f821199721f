import { useState } from 'react';
import { Alert, Button, Drawer, Space, Switch, Table, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DictItemRecord, DictRecord } from '@portal/shared/system-dicts';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useDeleteDictItem, useDictItems, useSetDictItemStatus, useSortDictItems } from '../api/dict-items.ts';
import { DictItemFormDialog } from './dict-item-form-dialog.tsx';

/** The items of one dictionary: add, edit, enable or disable, move up or down, delete (the server guards the relied-on ones). */
export function DictItemsDrawer({ dict, onClose }: { dict: DictRecord | null; onClose: () => void }) {
  const { t } = useTranslation('system-dicts');
  const language = useLanguage();
  const can = useCan();
  const items = useDictItems(dict?.id ?? null);
  const status = useSetDictItemStatus();
  const sort = useSortDictItems();
  const remove = useDeleteDictItem();
  const [dialog, setDialog] = useState<{ item: DictItemRecord | null } | null>(null);
  const rows = items.data ?? [];
  const builtIn = dict?.builtIn ?? false;
  const editable = can('system:dict:item');

  const move = (index: number, by: -1 | 1) => {
    if (!dict) return;
    const ids = rows.map((row) => row.id);
    ids.splice(index + by, 0, ...ids.splice(index, 1));
    sort.mutate({ dictId: dict.id, ids });
  };

  return (
    <Drawer open={dict !== null} onClose={onClose} size={760} title={dict ? t('item.drawerTitle', { name: dict.dictName[language] || dict.dictName['zh-TW'], code: dict.dictCode }) : ''} destroyOnHidden>
      {builtIn && <Alert type="info" showIcon title={t('item.builtInLocked')} style={{ marginBottom: 12 }} data-testid="dict-items-builtin" />}
      {!builtIn && (
        <Access code="system:dict:item">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ item: null })} style={{ marginBottom: 12 }} data-testid="dict-item-add">
            {t('common.add')}
          </Button>
        </Access>
      )}
      <Table<DictItemRecord>
        rowKey="id"
        size="small"
        loading={items.isPending || sort.isPending}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: items.isPending ? ' ' : t('item.empty') }}
        scroll={{ x: 640 }}
        columns={[
          { dataIndex: 'itemValue', title: t('item.value'), width: 150 },
          { key: 'text', title: t('item.text'), render: (_, item) => (item.color ? <Tag color={item.color}>{item.itemText[language] || item.itemText['zh-TW']}</Tag> : item.itemText[language] || item.itemText['zh-TW']) },
          { dataIndex: 'sortOrder', title: t('item.sortOrder'), width: 70, align: 'right' },
          {
            key: 'status',
            title: t('item.status'),
            width: 90,
            render: (_, item) => (
              <Switch
                size="small"
                checked={item.status === 1}
                checkedChildren={t('item.enabled')}
                unCheckedChildren={t('item.disabled')}
                // a relied-on dictionary's items stay enabled (the server refuses, 409)
                disabled={!editable || (builtIn && item.status === 1) || status.isPending}
                onChange={(checked) => status.mutate({ id: item.id, status: checked ? 1 : 0 })}
                aria-label={`${item.itemValue} ${t('item.status')}`}
                data-testid="dict-item-status"
              />
            ),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            width: 200,
            render: (_, item, index) => (
              <Access code="system:dict:item">
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setDialog({ item })} data-testid="dict-item-edit">
                    {t('common.edit')}
                  </Button>
                  <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={t('item.moveUp')} title={t('item.moveUp')} disabled={index === 0 || sort.isPending} onClick={() => move(index, -1)} />
                  <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={t('item.moveDown')} title={t('item.moveDown')} disabled={index === rows.length - 1 || sort.isPending} onClick={() => move(index, 1)} />
                  {!builtIn && (
                    <ConfirmedAction
                      code="system:dict:item"
                      label={t('common.delete')}
                      title={t('common.confirmTitle')}
                      description={t('item.deleteConfirm', { value: item.itemValue })}
                      cancelText={t('common.cancel')}
                      danger
                      pending={remove.isPending}
                      run={() => remove.mutateAsync(item.id)}
                      done={t('common.deleted')}
                      testId="dict-item-delete"
                    />
                  )}
                </Space>
              </Access>
            ),
          },
        ]}
      />
      {dict && (
        <DictItemFormDialog
          open={dialog !== null}
          dictId={dict.id}
          builtIn={builtIn}
          item={dialog?.item ?? null}
          nextSort={rows.reduce((max, row) => Math.max(max, row.sortOrder), 0) + 10}
          onClose={() => setDialog(null)}
        />
      )}
    </Drawer>
  );
}
