import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGES, type Language } from '@portal/shared/languages';
import { LANGUAGE_NAMES, changeLanguage, useLanguage } from '../lib/i18n.ts';
import { setCompanyLanguage } from '../features/auth/api/set-company-language.ts';
import { currentToken } from '../lib/session.ts';

/**
 * Spec §4 "Language": stored locally, page data reloaded, the company's language set except for English.
 * Compact (mobile headers): the icon alone.
 */
export function LanguageDropdown({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const choose = async (next: Language) => {
    await changeLanguage(next);
    if (currentToken()) void setCompanyLanguage(next);
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
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('layout.language')} data-testid="language-switch">
        {compact ? null : LANGUAGE_NAMES[language]}
      </Button>
    </Dropdown>
  );
}
