import i18next, { type BackendModule } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@portal/shared/languages';
import { resources as zhTW } from '../locales/zh-TW/index.ts';
import type { AreaResources } from '../locales/zh-TW/ns/index.ts';

/** Local storage key of the chosen language (namespace prefix `pro__`, spec §9). */
export const LANGUAGE_STORAGE_KEY = 'pro__language';

/** Each language named in itself, for the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
  'en-US': 'English',
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof zhTW } & AreaResources;
  }
}

/** Spec §9: the default language is stored as TC; the others under their own codes. */
const TRADITIONAL_STORE_VALUE = 'TC';

export const languageStoreValue = (language: Language): string => (language === 'zh-TW' ? TRADITIONAL_STORE_VALUE : language);

export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored === TRADITIONAL_STORE_VALUE) return 'zh-TW';
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // storage disabled (private mode, sandboxed frame): the default is fine
    return DEFAULT_LANGUAGE;
  }
}

function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, languageStoreValue(language));
  } catch {
    // not remembered across visits, but the switch still works
  }
}

/** Keeps everything outside React that depends on the language in step: <html lang>, the tab title (dayjs: lib/format.ts). */
function applyLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.title = i18n.t('productTitle', { lng: language });
}

/**
 * The default language's common texts are in the entry; the other two come in a chunk of their own
 * when they are first used (docs/decisions/0006): most visitors never load them.
 */
const OTHER_LANGUAGES: Partial<Record<string, () => Promise<{ resources: typeof zhTW }>>> = {
  'zh-CN': () => import('../locales/zh-CN/index.ts'),
  'en-US': () => import('../locales/en-US/index.ts'),
};

/**
 * A business area's texts are a namespace of their own, `locales/<language>/ns/<namespace>.ts`, loaded
 * with the area's pages in every language (`useTranslation('<namespace>')` suspends until they are
 * there): the shell and the sign-in page do not carry them.
 */
const AREA_NAMESPACES = import.meta.glob<{ resources: Record<string, unknown> }>(['../locales/*/ns/*.ts', '!../locales/*/ns/index.ts']);

const areaLoader = (language: string, namespace: string) => AREA_NAMESPACES[`../locales/${language}/ns/${namespace}.ts`];

const otherLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const load = namespace === 'common' ? (Object.hasOwn(OTHER_LANGUAGES, language) ? OTHER_LANGUAGES[language] : undefined) : areaLoader(language, namespace);
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.resources),
      // the chunk did not come (network, new deployment): the default language's texts stand in
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

export const i18n = i18next.createInstance();

/** Resolves once the stored language's texts are there: main.tsx renders after it (at once for the default). */
export const i18nReady = i18n
  .use(initReactI18next)
  .use(otherLanguages)
  .init({
    resources: { [DEFAULT_LANGUAGE]: { common: zhTW } },
    partialBundledLanguages: true,
    lng: readStoredLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    ns: ['common'],
    defaultNS: 'common',
    // the bundled language is there at once: no render happens untranslated
    initAsync: false,
    interpolation: { escapeValue: false },
  });

i18n.on('languageChanged', (language) => applyLanguage(isLanguage(language) ? language : DEFAULT_LANGUAGE));
applyLanguage(currentLanguage());

export function currentLanguage(): Language {
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
