import { useLanguage } from '../../../lib/i18n.ts';

/** A definition's title in the reader's language (zh-TW when that one is missing). */
export function LocalTitle({ titles }: { titles: Record<string, string> }) {
  const language = useLanguage();
  return <>{titles[language] || titles['zh-TW'] || ''}</>;
}
