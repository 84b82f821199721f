import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Marks the record the user just paid, submitted or saved, so it is found at a glance in its list. */
export function JustChanged() {
  const { t } = useTranslation('wallet');
  return (
    <Tag color="green" style={{ marginInlineStart: 6 }} data-testid="wallet-just-changed">
      {t('common.justChanged')}
    </Tag>
  );
}
