import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/zh-cn';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@portal/shared/languages';
import { resources as zhTW } from '../locales/zh-TW/index.ts';
import { resources as zhCN } from '../locales/zh-CN/index.ts';
import { resources as enUS } from '../locales/en-US/index.ts';

/** Local storage key of the chosen language (namespace prefix `pro__`, spec §9). */
export const LANGUAGE_STORAGE_KEY = 'pro__language';

/** Each language named in itself, for the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
  'en-US': 'English',
};

const DAYJS_LOCALES: Record<Language, string> = { 'zh-TW': 'zh-tw', 'zh-CN': 'zh-cn', 'en-US': 'en' };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof zhTW };
  }
}

export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // storage disabled (private mode, sandboxed frame): the default is fine
    return DEFAULT_LANGUAGE;
  }
}

function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not remembered across visits, but the switch still works
  }
}

/** Keeps everything outside React that depends on the language in step: <html lang>, the tab title, dayjs. */
function applyLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.title = i18n.t('productTitle', { lng: language });
  dayjs.locale(DAYJS_LOCALES[language]);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { 'zh-TW': { common: zhTW }, 'zh-CN': { common: zhCN }, 'en-US': { common: enUS } },
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  ns: ['common'],
  defaultNS: 'common',
  // resources are bundled: initialise synchronously so the first render is already translated
  initAsync: false,
  interpolation: { escapeValue: false },
});

i18n.on('languageChanged', (language) => applyLanguage(isLanguage(language) ? language : DEFAULT_LANGUAGE));
applyLanguage(currentLanguage());

function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers it. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}

/** The interface language, re-rendering the caller when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage ?? instance.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
