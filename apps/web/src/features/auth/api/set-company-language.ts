import type { Language } from '@portal/shared/languages';
import { http } from '../../../lib/http.ts';

/** Spec §7: language=1 for Traditional Chinese, 0 otherwise; never sent for English. */
export async function setCompanyLanguage(language: Language): Promise<void> {
  if (language === 'en-US') return;
  await http.get('/purchase/company/setLanguage', { params: { language: language === 'zh-TW' ? 1 : 0 }, silent: true }).catch(() => undefined);
}
