import { useEffect, useState } from 'react';
import { InputNumber, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_KEY_ROLL_OVERLAP_HOURS_DEFAULT, API_KEY_ROLL_OVERLAP_HOURS_MAX } from '@portal/shared/open-api';
import type { ApiKeyIssued, ApiKeyRecord } from '@portal/shared/open-api-keys';
import { ServerError } from '../../../components/server-error.tsx';
import { useRollApiKey } from '../api/api-keys.ts';

/** Roll a key's secret (the page gives it a React key per API key, so the overlap starts at its default each time): asks how long the old one keeps working, then hands the new key to the page. */
export function RollDialog({ apiKey, onClose, onRolled }: { apiKey: ApiKeyRecord | null; onClose: () => void; onRolled: (issued: ApiKeyIssued) => void }) {
  const { t } = useTranslation('open-api-keys');
  const roll = useRollApiKey();
  const [hours, setHours] = useState<number | null>(API_KEY_ROLL_OVERLAP_HOURS_DEFAULT);
  useEffect(() => {
    if (!apiKey) return;
    roll.reset();
    // reset on each opening only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiKey]);
  const submit = () => {
    if (!apiKey || hours === null) return;
    roll.mutate({ id: apiKey.id, overlapHours: hours }, { onSuccess: onRolled });
  };
  return (
    <Modal
      open={apiKey !== null}
      title={apiKey ? t('rollTitle', { name: apiKey.name }) : ''}
      okText={t('roll')}
      cancelText={t('cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={roll.isPending}
      okButtonProps={{ disabled: hours === null, id: 'api-key-roll-ok' }}
      destroyOnHidden
    >
      <ServerError error={roll.error} />
      <Typography.Paragraph>{t('rollDescription')}</Typography.Paragraph>
      <Space>
        <span>{t('overlap')}</span>
        <InputNumber min={0} max={API_KEY_ROLL_OVERLAP_HOURS_MAX} precision={0} value={hours} onChange={setHours} data-testid="api-key-overlap" />
        <span>{t('overlapUnit')}</span>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('overlapHint', { max: API_KEY_ROLL_OVERLAP_HOURS_MAX })}
      </Typography.Paragraph>
    </Modal>
  );
}
