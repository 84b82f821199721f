import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGES, type Language } from '@portal/shared/languages';
import { LANGUAGE_NAMES, changeLanguage, useLanguage } from '../lib/i18n.ts';
import { setCompanyLanguage } from '../features/auth/api/set-company-language.ts';
import { queryAllDictItems } from '../features/auth/api/query-all-dict-items.ts';
import { useAuth } from '../lib/auth.ts';
import { currentToken } from '../lib/session.ts';

/**
 * Spec §4 "Language": stored locally, page data reloaded, the company's language set except for English.
 * Compact (mobile headers): the icon alone.
 */
export function LanguageDropdown({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const setDictionaries = useAuth((state) => state.setDictionaries);
  const choose = async (next: Language) => {
    await changeLanguage(next);
    if (currentToken()) {
      void setCompanyLanguage(next);
      // dictionary texts come in the language of the request: fetch them again in the new one
      await queryAllDictItems()
        .then(setDictionaries)
        .catch(() => undefined);
    }
    await queryClient.invalidateQueries();
  };
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((value) => ({ key: value, label: LANGUAGE_NAMES[value] })),
        onClick: ({ key }) => void choose(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={`${t('layout.language')} ${LANGUAGE_NAMES[language]}`} data-testid="language-switch">
        {compact ? null : LANGUAGE_NAMES[language]}
      </Button>
    </Dropdown>
  );
}
