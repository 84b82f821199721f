import { useTranslation } from 'react-i18next';

/** The texts of a password field's show / hide button. */
export function useRevealLabels(): { show: string; hide: string } {
  const { t } = useTranslation();
  return { show: t('auth.fields.showPassword'), hide: t('auth.fields.hidePassword') };
}
