import { Button, Popover, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICONS } from '@portal/shared/menu-icons';
import { MenuIcon } from '../../../components/menu-icon.tsx';

/** The icons the side menu can draw (packages/shared/src/menu-icons.ts), as a grid to pick from. */
export function IconPicker({ value, onChange, id }: { value?: string | null; onChange?: (value: string | null) => void; id?: string }) {
  const { t } = useTranslation('system-menus');
  const [open, setOpen] = useState(false);
  const pick = (name: string | null) => {
    onChange?.(name);
    setOpen(false);
  };
  const grid = (
    <div role="listbox" aria-label={t('icon.placeholder')} style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 40px)', gap: 4 }} data-testid="icon-picker-grid">
      {MENU_ICONS.map((name) => (
        <Tooltip key={name} title={name}>
          <Button
            role="option"
            aria-selected={value === name}
            aria-label={name}
            type={value === name ? 'primary' : 'default'}
            icon={<MenuIcon name={name} />}
            onClick={() => pick(name)}
            data-testid={`icon-option-${name}`}
          />
        </Tooltip>
      ))}
    </div>
  );
  return (
    <Space>
      <Popover content={grid} trigger="click" open={open} onOpenChange={setOpen} placement="bottomLeft">
        <Button id={id} icon={value ? <MenuIcon name={value} /> : undefined} data-testid="icon-picker">
          {value || t('icon.placeholder')}
        </Button>
      </Popover>
      {value ? (
        <Button type="link" onClick={() => pick(null)} data-testid="icon-picker-clear">
          {t('icon.clear')}
        </Button>
      ) : null}
    </Space>
  );
}
