import { lazy, Suspense, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** The box on wide screens: room for a page's title with, beside it, the menu it is in. */
const BOX_WIDTH = 240;

// antd's Select and its virtual list are a fifth of the home page's antd: loaded on first use, or as
// the pointer or the focus comes near, so that it is there by the time the box is pressed
const loadSelect = () => import('./menu-search-select.tsx');
const SearchSelect = lazy(() => loadSelect().then((module) => ({ default: module.SearchSelect })));
const preload = () => void loadSelect();

/**
 * The header's menu search (spec §2): a box on wide screens, an icon opening a modal on mobile. The
 * box is a button drawn like the search field until it is first used; then the field takes its
 * place, open and focused.
 */
export function MenuSearch({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (mobile) {
    return (
      <>
        <Button type="text" icon={<SearchOutlined />} aria-label={t('layout.menuSearch.open')} data-testid="menu-search-open" onClick={() => setOpen(true)} />
        <Modal open={open} onCancel={() => setOpen(false)} title={t('layout.menuSearch.open')} footer={null} destroyOnHidden>
          <Suspense fallback={null}>
            <SearchSelect width="100%" autoFocus onChosen={() => setOpen(false)} />
          </Suspense>
        </Modal>
      </>
    );
  }
  const placeholder = (
    <Button
      data-testid="menu-search-open"
      onClick={() => setOpen(true)}
      onPointerEnter={preload}
      onFocus={preload}
      aria-haspopup="listbox"
      style={{ width: BOX_WIDTH, justifyContent: 'space-between', color: 'var(--ant-color-text-placeholder)', fontWeight: 'normal' }}
      iconPlacement="end"
      icon={<SearchOutlined />}
    >
      {t('layout.menuSearch.placeholder')}
    </Button>
  );
  if (!open) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <SearchSelect width={BOX_WIDTH} autoFocus />
    </Suspense>
  );
}
