import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The signing secret, shown this once (after adding an endpoint or rotating its secret): copyable, with a
 * warning that it cannot be seen again. Closing forgets it: nothing keeps it in the page's state after.
 */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation('message-push');
  return (
    <Modal
      open={secret !== null}
      title={t('secret.title')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="push-secret-done">
          {t('secret.understood')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('secret.warning')} style={{ marginBottom: 16 }} />
      {secret && (
        <Typography.Paragraph copyable={{ text: secret, tooltips: [t('common.copy'), t('common.copied')] }} code style={{ wordBreak: 'break-all', fontSize: 15 }} data-testid="push-secret">
          {secret}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
