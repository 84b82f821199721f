import { useState } from 'react';
import { Alert, App, Button, Input, Modal, Space } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export type ShownKey = { key: string; kind: 'created' | 'rolled'; name: string };

/**
 * The whole key, this once: after a create or a roll. It closes only by its button (not a click beside
 * it), and the key lives in this component's state alone, so closing forgets it.
 */
export function KeyShownOnceModal({ shown, onClose }: { shown: ShownKey | null; onClose: () => void }) {
  const { t } = useTranslation('open-api-keys');
  const { message } = App.useApp();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.key);
      setCopied(true);
      void message.success(t('once.copied'));
    } catch {
      void message.warning(t('once.copyFailed'));
    }
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Modal
      open={shown !== null}
      title={shown ? t(shown.kind === 'created' ? 'once.createdTitle' : 'once.rolledTitle', { name: shown.name }) : ''}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      width={620}
      footer={
        <Button type="primary" onClick={close} data-testid="key-once-done">
          {t('once.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('once.warning')} style={{ marginBottom: 16 }} data-testid="key-once-warning" />
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={shown?.key ?? ''} data-testid="key-once-value" style={{ fontFamily: 'monospace' }} onFocus={(event) => event.target.select()} />
        <Button type="primary" icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={() => void copy()} data-testid="key-once-copy">
          {copied ? t('once.copied') : t('once.copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
