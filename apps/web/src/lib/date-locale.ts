import dayjs from 'dayjs';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/zh-cn';
import { isLanguage, type Language } from '@portal/shared/languages';
import { currentLanguage, i18n } from './i18n.ts';

const DAYJS_LOCALES: Record<Language, string> = { 'zh-TW': 'zh-tw', 'zh-CN': 'zh-cn', 'en-US': 'en' };

/**
 * dayjs (relative dates, antd's date pickers) in the interface language. Set up by the antd shell,
 * not by lib/i18n.ts: the public pages format no dates and load no dayjs (docs/decisions/0006).
 */
export function followLanguageInDates(): void {
  dayjs.locale(DAYJS_LOCALES[currentLanguage()]);
  i18n.on('languageChanged', (language) => {
    if (isLanguage(language)) dayjs.locale(DAYJS_LOCALES[language]);
  });
}
