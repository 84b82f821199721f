import { useMemo, type ReactNode } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuEntry } from '@portal/shared/sys';
import { useAuth } from '../lib/auth.ts';
import { useLanguage } from '../lib/i18n.ts';
import { entryTitle } from '../lib/menu-title.ts';
import { isExternal, isIframe, menuRoutes, searchableEntries } from '../lib/menu.ts';
import { routeTitleKey, storage } from '../lib/storage.ts';

/** `title` is the entry's own title; `label` shows it with its parents, since two menus may hold pages of the same name. */
type Option = { value: string; label: ReactNode; title: string; search: string; entry: MenuEntry };

/**
 * Spec §2 "Menu search": an external or iframe entry opens in a new window, anything else is navigated
 * to; the chosen entry's title is remembered under a key derived from its path.
 */
function useChooseEntry() {
  const navigate = useNavigate();
  return (option: Option) => {
    storage.set(routeTitleKey(option.entry.path), option.title);
    const { entry } = option;
    if ((isExternal(entry) || isIframe(entry)) && entry.meta.url) window.open(entry.meta.url, '_blank', 'noopener,noreferrer');
    else navigate(entry.path);
  };
}

function useOptions(): Option[] {
  const menu = useAuth((state) => state.permissions?.menu);
  const language = useLanguage();
  return useMemo(() => {
    // one option per path: the server's tree may list a page twice (a menu and a shortcut)
    const routes = menuRoutes(menu ?? []);
    const byPath = new Map<string, Option>();
    for (const entry of searchableEntries(menu ?? [])) {
      if (byPath.has(entry.path)) continue;
      const title = entryTitle(entry.meta, language);
      const parents = (routes.get(entry.path)?.parents ?? []).map((parent) => entryTitle(parent.meta, language)).join(' / ');
      // the menu it is in under the title, so that neither is cut at the box's width (English titles are long)
      const label = (
        <Flex vertical style={{ whiteSpace: 'normal', lineHeight: 1.35 }}>
          <span>{title}</span>
          {parents && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {parents}
            </Typography.Text>
          )}
        </Flex>
      );
      byPath.set(entry.path, { value: entry.path, label, title, search: `${parents} ${title}`, entry });
    }
    return [...byPath.values()];
  }, [menu, language]);
}

/** The search box itself: loaded when the header's box is first used (layouts/menu-search.tsx). */
export function SearchSelect({ onChosen, autoFocus, width }: { onChosen?: () => void; autoFocus?: boolean; width: number | string }) {
  const { t } = useTranslation();
  const options = useOptions();
  const choose = useChooseEntry();
  return (
    <Select<string, Option>
      // a search box, not a field: it never keeps the chosen value
      value={null}
      showSearch={{ optionFilterProp: 'search' }}
      autoFocus={autoFocus}
      defaultOpen={autoFocus}
      options={options}
      placeholder={t('layout.menuSearch.placeholder')}
      notFoundContent={t('layout.menuSearch.empty')}
      suffixIcon={<SearchOutlined />}
      aria-label={t('layout.menuSearch.placeholder')}
      data-testid="menu-search"
      // the list as wide as the box and under it, on a phone's full-width box too
      style={{ width }}
      // a menu is short: every option drawn (and named for assistive technology), not a virtual window of them
      virtual={false}
      onSelect={(_value, option) => {
        choose(option);
        onChosen?.();
      }}
    />
  );
}

