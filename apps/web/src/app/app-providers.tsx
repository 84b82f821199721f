import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ConfigProviderProps } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import type { Language } from '@portal/shared/languages';
import { followLanguageInDates } from '../lib/date-locale.ts';
import { useLanguage } from '../lib/i18n.ts';
import { usePreferences } from '../lib/preferences.ts';
import { usePrefersReducedMotion } from '../lib/reduced-motion.ts';
import { readableFill, readableText } from '../lib/contrast.ts';
import { startDictFreshness } from './dict-freshness.ts';

const ANTD_LOCALES: Record<Language, NonNullable<ConfigProviderProps['locale']>> = {
  'zh-TW': zhTW,
  'zh-CN': zhCN,
  'en-US': enUS,
};

followLanguageInDates();

/** The colour-weak filter of the original theme (ant-design-pro's `colorWeak`). */
const COLOR_WEAK_FILTER = 'invert(80%)';

/**
 * Colour-weak mode filters the whole page. It goes on <html>: a filter on any other element would make
 * it the containing block of fixed descendants, and the fixed header would scroll away with the page.
 */
function useColorWeak(enabled: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    root.style.filter = enabled ? COLOR_WEAK_FILTER : '';
    return () => {
      root.style.filter = '';
    };
  }, [enabled]);
}

/** antd's error colour, of which text gets a shade that reads. */
const ERROR_COLOR = '#ff4d4f';
/** antd's success and warning colours, for the text of status tags. */
const SUCCESS_COLOR = '#52c41a';
const WARNING_COLOR = '#faad14';

/** antd's secondary greys read at about 3:1 on white; these keep the same order at 4.5:1 or more. */
const READABLE_GREYS = { colorTextSecondary: 'rgba(0, 0, 0, 0.65)', colorTextTertiary: 'rgba(0, 0, 0, 0.6)', colorTextDescription: 'rgba(0, 0, 0, 0.6)' } as const;

export function AppProviders({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const primaryColor = usePreferences((state) => state.primaryColor);
  const colorWeak = usePreferences((state) => state.colorWeak);
  const reducedMotion = usePrefersReducedMotion();
  // the HTTP client already tells the user about a failure (spec §8): a retry would tell them again
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  // the settings drawer's primary colour (default #1890FF, spec §9); a new object only when it changes.
  // It stays the theme's colour where it decorates (borders, focus rings, checkboxes, the ink bar, the
  // settings drawer); where text is drawn in it or on it, a shade that reads at 4.5:1 (lib/contrast.ts).
  const theme = useMemo<ConfigProviderProps['theme']>(() => {
    // primary text on white, on the light selection background and on grey
    const text = readableText(primaryColor, ['#ffffff', '#e6f4ff', '#f5f5f5']);
    // fills with white text on them (a primary button, the current page, a selected date, a step)
    const { fill, hover, active } = readableFill(text);
    const onPrimary = { colorPrimary: fill, colorPrimaryHover: hover, colorPrimaryActive: active, colorPrimaryText: text, colorPrimaryTextHover: hover, colorPrimaryTextActive: active };
    const error = readableFill(readableText(ERROR_COLOR, ['#ffffff', '#fff2f0']));
    return {
      token: {
        // opening, expanding and fading without animation for those who asked their system for less motion
        motion: !reducedMotion,
        colorPrimary: primaryColor,
        colorInfo: primaryColor,
        colorLink: text,
        colorPrimaryText: text,
        // form messages, danger buttons and links are text in the error colour: antd's #ff4d4f reads at 3.3:1
        colorError: error.fill,
        colorErrorHover: error.hover,
        colorErrorActive: error.active,
        colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
        ...READABLE_GREYS,
      },
      components: {
        Button: onPrimary,
        Pagination: onPrimary,
        Steps: onPrimary,
        Radio: onPrimary,
        DatePicker: onPrimary,
        Calendar: onPrimary,
        // a status tag's text is the status colour itself on its tint (success read at 2.2:1)
        Tag: {
          ...onPrimary,
          colorInfo: text,
          colorSuccess: readableText(SUCCESS_COLOR, ['#ffffff', '#f6ffed']),
          colorWarning: readableText(WARNING_COLOR, ['#ffffff', '#fffbe6']),
          colorError: readableText(ERROR_COLOR, ['#ffffff', '#fff2f0']),
        },
        Badge: onPrimary,
        // a signed amount is success or danger text (components/money.tsx): antd's success and warning text fall short of 4.5:1
        Typography: {
          colorSuccessText: readableText(SUCCESS_COLOR, ['#ffffff', '#fafafa']),
          colorWarningText: readableText(WARNING_COLOR, ['#ffffff', '#fafafa']),
        },
        // a table's empty text (a page's own "nothing scanned yet") is drawn in the disabled grey, 1.8:1
        Table: { colorTextDisabled: READABLE_GREYS.colorTextTertiary },
        Menu: { itemSelectedColor: text, horizontalItemSelectedColor: text, subMenuItemSelectedColor: text, darkItemSelectedBg: fill },
        Tabs: { itemSelectedColor: text, itemActiveColor: text, itemHoverColor: text },
      },
    };
  }, [primaryColor, reducedMotion]);
  useColorWeak(colorWeak);
  // every answer's dictionary mark from now on: a stale 7-day cache is fetched again
  useEffect(() => startDictFreshness(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[language]} theme={theme}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
