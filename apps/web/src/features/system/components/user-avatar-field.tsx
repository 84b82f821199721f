import { useState } from 'react';
import { App, Avatar, Button, Space, Typography, Upload, type UploadProps } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadAvatar } from '../api/users.ts';

/** The server judges the bytes; this only spares an upload it would refuse (2 MB: AVATAR_MAX_BYTES). */
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** A form control: the avatar's URL, set by an upload (the URL the server answers), or '' for none. */
export function UserAvatarField({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const { t } = useTranslation('system-users');
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!AVATAR_TYPES.includes(file.type) || file.size > AVATAR_MAX_BYTES) {
      message.error(t('form.uploadHint'));
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    if (!(file instanceof File)) return;
    setUploading(true);
    uploadAvatar(file)
      .then(
        (answer) => {
          onChange?.(answer.url);
          onSuccess?.(answer);
        },
        (error: unknown) => {
          const failure = error instanceof Error ? error : new Error(String(error));
          message.error(failure.message);
          onError?.(failure);
        },
      )
      .finally(() => setUploading(false));
  };

  return (
    <Space align="center" wrap>
      <Avatar size={64} src={value || undefined} icon={<UserOutlined />} data-testid="user-avatar-preview" />
      <Upload accept={AVATAR_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest}>
        <Button icon={<UploadOutlined />} loading={uploading} data-testid="user-avatar-upload">
          {t('form.upload')}
        </Button>
      </Upload>
      {value ? (
        <Button type="link" onClick={() => onChange?.('')} data-testid="user-avatar-remove">
          {t('form.removeAvatar')}
        </Button>
      ) : null}
      <Typography.Text type="secondary">{t('form.uploadHint')}</Typography.Text>
    </Space>
  );
}
