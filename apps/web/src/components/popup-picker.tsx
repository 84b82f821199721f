import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { POPUP_MODAL_WIDTH, POPUP_PAGE_SIZES } from '@portal/shared/online';
import { ListPage } from './list-page/list-page.tsx';
import type { ListPageConfig } from './list-page/list-config.ts';

/** Spec §9: the popup table pages by 10, 20 or 30 (10 by default) in a 1200 px modal. */
export const PICKER_WIDTH = POPUP_MODAL_WIDTH;
export const PICKER_PAGE_SIZES = POPUP_PAGE_SIZES;

export type PopupPickerProps<T> = {
  open: boolean;
  title?: ReactNode;
  /** the list to pick from: query form, columns, fetcher (the toolkit's config) */
  config: ListPageConfig<T>;
  /** several rows (default) or exactly one */
  multi?: boolean;
  onOk: (rows: T[]) => void;
  onCancel: () => void;
};

/**
 * The generic popup picker (spec §2 "Dialogs", §4, §5): a 1200 px modal with a query form and a
 * selectable, paged table. A row click toggles its selection; single mode keeps at most one row;
 * OK with nothing selected (or several in single mode) warns 请选择一条记录; closing forgets the
 * selection, and the next opening starts from a fresh query.
 */
export function PopupPicker<T extends object>({ open, title, config, multi = true, onOk, onCancel }: PopupPickerProps<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // insertion-ordered: the rows come back in the order they were picked, across pages
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(new Map());
  const listConfig = useMemo<ListPageConfig<T>>(() => ({ ...config, urlFilters: false, pageSize: PICKER_PAGE_SIZES[0], pageSizeOptions: PICKER_PAGE_SIZES }), [config]);
  const keyOf = (record: T) => (typeof config.rowKey === 'function' ? config.rowKey(record) : String(record[config.rowKey]));

  // a new list per opening: the query form and page start afresh, whatever the modal's animation does
  const [session, setSession] = useState(0);
  const clear = () => setSelected(new Map());
  const close = () => {
    clear();
    setSession((n) => n + 1);
    onCancel();
  };
  const confirm = () => {
    if (selected.size === 0 || (!multi && selected.size > 1)) {
      message.warning(t('components.picker.selectOne'));
      return;
    }
    const rows = [...selected.values()];
    clear();
    setSession((n) => n + 1);
    onOk(rows);
  };
  const toggle = (record: T) => {
    const key = keyOf(record);
    setSelected((current) => {
      if (current.has(key)) {
        const next = new Map(current);
        next.delete(key);
        return next;
      }
      return multi ? new Map(current).set(key, record) : new Map([[key, record]]);
    });
  };

  return (
    <Modal
      open={open}
      title={title ?? t('components.picker.title')}
      width={PICKER_WIDTH}
      onCancel={close}
      onOk={confirm}
      destroyOnHidden
      footer={(_, { OkBtn, CancelBtn }) => (
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary" data-testid="picker-selected">
            {t('components.picker.selected', { count: selected.size })}
            {selected.size > 0 && (
              <Button type="link" size="small" onClick={clear}>
                {t('components.picker.clear')}
              </Button>
            )}
          </Typography.Text>
          <span>
            <CancelBtn />
            <OkBtn />
          </span>
        </Flex>
      )}
    >
      <ListPage<T>
        key={session}
        config={listConfig}
        onRowClick={toggle}
        rowSelection={{
          type: multi ? 'checkbox' : 'radio',
          selectedRowKeys: [...selected.keys()],
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) => {
            setSelected((current) => {
              const byKey = new Map(rows.filter(Boolean).map((row) => [keyOf(row), row] as const));
              const next = new Map<string, T>();
              for (const key of keys.map(String)) {
                const row = byKey.get(key) ?? current.get(key);
                if (row) next.set(key, row);
              }
              return next;
            });
          },
        }}
      />
    </Modal>
  );
}
