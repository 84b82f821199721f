import { useEffect } from 'react';
import { App, Button, Checkbox, Drawer, Form, Input, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PUSH_TYPES, type PushType } from '@portal/shared/open-api';
import { PUSH_ENDPOINT_DESCRIPTION_MAX, PUSH_ENDPOINT_URL_MAX, type PushEndpointRecord } from '@portal/shared/push-endpoints';
import { ServerError } from '../../../components/server-error.tsx';
import { findDictOption, useDictOptions } from '../../../components/dict-items.ts';
import { useAddPushEndpoint, useEditPushEndpoint } from '../api/push-endpoints.ts';

type Values = { url: string; description: string; eventTypes: PushType[]; enabled: boolean };

/** The event types as checkboxes in the dictionary's words, with "all" above them. */
function EventTypeChoice({ value = [], onChange }: { value?: PushType[]; onChange?: (value: PushType[]) => void }) {
  const { t } = useTranslation('message-push');
  const { options } = useDictOptions('PushTypeEnum');
  const all = value.length === PUSH_TYPES.length;
  return (
    <div data-testid="push-event-types">
      <Checkbox indeterminate={value.length > 0 && !all} checked={all} onChange={(event) => onChange?.(event.target.checked ? [...PUSH_TYPES] : [])} data-testid="push-event-types-all">
        {t('common.all')}
      </Checkbox>
      <Checkbox.Group
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 8, marginTop: 8 }}
        value={value}
        onChange={(checked) => onChange?.(PUSH_TYPES.filter((type) => checked.includes(type)))}
        options={PUSH_TYPES.map((type) => ({ value: type, label: findDictOption(options, type)?.text ?? type }))}
      />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
        {t('hint.typesHeld')}
      </Typography.Text>
    </div>
  );
}

/**
 * Add or edit an endpoint. Adding answers the signing secret, which the page shows once (`onSecret`); an
 * edit never touches it. The server's refusal (the address rules, the limit) stays in the drawer.
 */
export function EndpointFormDrawer({ open, endpoint, onClose, onSecret }: { open: boolean; endpoint: PushEndpointRecord | null; onClose: () => void; onSecret: (secret: string) => void }) {
  const { t } = useTranslation('message-push');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddPushEndpoint();
  const edit = useEditPushEndpoint();
  const saving = endpoint ? edit : add;

  useEffect(() => {
    if (!open) return;
    add.reset();
    edit.reset();
    form.setFieldsValue(endpoint ? { url: endpoint.url, description: endpoint.description, eventTypes: endpoint.eventTypes, enabled: endpoint.enabled } : { url: '', description: '', eventTypes: [], enabled: true });
    // reset on each opening only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, endpoint]);

  const submit = async (values: Values) => {
    if (endpoint) {
      await edit.mutateAsync({ ...values, id: endpoint.id });
      message.success(t('common.saved'));
    } else {
      onSecret((await add.mutateAsync(values)).secret);
    }
    onClose();
  };
  const reason = endpoint && !endpoint.enabled && endpoint.disabledReason ? t(`reason.${endpoint.disabledReason}`) : null;

  return (
    <Drawer
      open={open}
      title={endpoint ? t('drawer.edit') : t('drawer.add')}
      size={560}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving.isPending} onClick={() => form.submit()} data-testid="push-endpoint-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <ServerError error={saving.error} />
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values).catch(() => undefined)} data-testid="push-endpoint-form">
        <Form.Item name="url" label={t('field.url')} extra={t('hint.url')} rules={[{ required: true, whitespace: true, message: t('rule.url') }]}>
          <Input maxLength={PUSH_ENDPOINT_URL_MAX} placeholder="https://" autoComplete="off" data-testid="push-endpoint-url" />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')}>
          <Input maxLength={PUSH_ENDPOINT_DESCRIPTION_MAX} showCount data-testid="push-endpoint-description" />
        </Form.Item>
        <Form.Item name="eventTypes" label={t('field.eventTypes')} rules={[{ required: true, type: 'array', min: 1, message: t('rule.eventTypes') }]}>
          <EventTypeChoice />
        </Form.Item>
        {endpoint && (
          <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked" extra={reason ? `${reason}. ${t('hint.enableAgain')}` : undefined}>
            <Switch data-testid="push-endpoint-enabled" />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
