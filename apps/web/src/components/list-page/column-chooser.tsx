import { Button, Checkbox, Drawer, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type ChooserColumn = { key: string; title: string };

/** The column chooser (spec §2 "Dialogs"): a drawer toggling visible table columns; one always stays. */
export function ColumnChooser({
  open,
  onClose,
  columns,
  hidden,
  onToggle,
  onReset,
}: {
  open: boolean;
  onClose: () => void;
  columns: readonly ChooserColumn[];
  hidden: readonly string[];
  onToggle: (key: string, visible: boolean) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const visibleCount = columns.filter((column) => !hidden.includes(column.key)).length;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('components.table.columnsTitle')}
      size={300}
      footer={
        <Button block onClick={onReset}>
          {t('components.table.columnsReset')}
        </Button>
      }
    >
      <Flex vertical gap={10} data-testid="column-chooser">
        {columns.map((column) => {
          const visible = !hidden.includes(column.key);
          const last = visible && visibleCount === 1;
          return (
            <Checkbox key={column.key} checked={visible} disabled={last} onChange={(event) => onToggle(column.key, event.target.checked)}>
              {column.title}
            </Checkbox>
          );
        })}
        {visibleCount === 1 && <Typography.Text type="secondary">{t('components.table.columnsAtLeastOne')}</Typography.Text>}
      </Flex>
    </Drawer>
  );
}
