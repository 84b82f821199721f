import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import type { Language } from '@portal/shared/languages';
import { useLanguage } from '../lib/i18n.ts';

const ANTD_LOCALES: Record<Language, NonNullable<ConfigProviderProps['locale']>> = {
  'zh-TW': zhTW,
  'zh-CN': zhCN,
  'en-US': enUS,
};

/** The default theme colour of the spec (§9). */
const THEME: ConfigProviderProps['theme'] = { token: { colorPrimary: '#1890ff' } };

export function AppProviders({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[language]} theme={THEME}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
