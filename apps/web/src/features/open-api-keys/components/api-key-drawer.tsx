import { useEffect } from 'react';
import { App, Button, Checkbox, Col, DatePicker, Drawer, Form, Input, Row, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { API_KEY_IP_ALLOW_MAX, type ApiScope } from '@portal/shared/open-api';
import { API_KEY_NAME_MAX, type ApiKeyIssued, type ApiKeyRecord } from '@portal/shared/open-api-keys';
import { ServerError } from '../../../components/server-error.tsx';
import { useAddApiKey, useEditApiKey } from '../api/api-keys.ts';
import { isIpEntry, ipLines } from './ip-entry.ts';
import { SCOPE_GROUPS, scopeTextKey } from './scopes.ts';

type Values = { name: string; scopes: ApiScope[]; expiresAt: Dayjs | null; ipAllowList: string };

/** The quick choices of the expiry, in days; the picker allows any day up to a year. */
const QUICK_DAYS = [30, 90, 180, 365] as const;
const MAX_DAYS = 365;

/** A picked day ends at its last second (the user's time): "until the 31st" includes the 31st. */
const endOfDay = (day: Dayjs) => day.endOf('day').millisecond(0);
const lastDay = () => dayjs().add(MAX_DAYS, 'day').endOf('day');

/** Create or edit a key. A new key goes to the page (`onCreated`), which shows it once. */
export function ApiKeyDrawer({ open, apiKey, onClose, onCreated }: { open: boolean; apiKey: ApiKeyRecord | null; onClose: () => void; onCreated: (issued: ApiKeyIssued) => void }) {
  const { t } = useTranslation('open-api-keys');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddApiKey();
  const edit = useEditApiKey();
  const saving = apiKey ? edit : add;

  useEffect(() => {
    if (!open) return;
    add.reset();
    edit.reset();
    form.resetFields();
    form.setFieldsValue(
      apiKey
        ? { name: apiKey.name, scopes: apiKey.scopes, expiresAt: dayjs(apiKey.expiresAt), ipAllowList: apiKey.ipAllowList.join('\n') }
        : { name: '', scopes: [], expiresAt: endOfDay(dayjs().add(90, 'day')), ipAllowList: '' },
    );
    // reset on each opening only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, apiKey]);

  const submit = async (values: Values) => {
    const picked = values.expiresAt as Dayjs;
    // an untouched expiry is sent as it was: the picker shows days, the key keeps its instant
    const expiresAt = apiKey && picked.isSame(dayjs(apiKey.expiresAt)) ? apiKey.expiresAt : endOfDay(picked).toISOString();
    const input = { name: values.name.trim(), scopes: values.scopes, expiresAt, ipAllowList: ipLines(values.ipAllowList) };
    if (apiKey) {
      await edit.mutateAsync({ ...input, id: apiKey.id });
      void message.success(t('saved'));
    } else {
      onCreated(await add.mutateAsync(input));
    }
    onClose();
  };

  const expiresAt = Form.useWatch('expiresAt', form);
  return (
    <Drawer
      title={apiKey ? t('editTitle') : t('addTitle')}
      open={open}
      onClose={onClose}
      size={560}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={saving.isPending} onClick={() => form.submit()} data-testid="api-key-save">
            {t('save')}
          </Button>
        </Space>
      }
    >
      <ServerError error={saving.error} />
      {/* named: its ids must not be the list's query fields' (both have a "name"), or a label would focus the other */}
      <Form<Values> form={form} name="api-key" layout="vertical" onFinish={(values) => submit(values).catch(() => undefined)} data-testid="api-key-form">
        <Form.Item name="name" label={t('field.name')} rules={[{ required: true, whitespace: true, max: API_KEY_NAME_MAX, message: t('rule.name') }]}>
          <Input maxLength={API_KEY_NAME_MAX} autoComplete="off" data-testid="api-key-name" />
        </Form.Item>
        <Form.Item name="scopes" label={t('field.scopes')} extra={t('scopesHint')} rules={[{ required: true, type: 'array', min: 1, message: t('rule.scopes') }]}>
          <Checkbox.Group style={{ width: '100%' }} data-testid="api-key-scopes">
            <Row gutter={[8, 8]} style={{ width: '100%' }}>
              {SCOPE_GROUPS.map(({ group, scopes }) => (
                <Col span={24} key={group}>
                  <Typography.Text strong style={{ display: 'inline-block', minWidth: 150 }}>
                    {t(`group.${group}`)}
                  </Typography.Text>
                  {scopes.map((scope) => (
                    <Checkbox key={scope} value={scope} data-testid={`api-key-scope-${scope}`}>
                      {t(scopeTextKey(scope))}
                    </Checkbox>
                  ))}
                </Col>
              ))}
            </Row>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item label={t('field.expiresAt')} htmlFor="api-key-expiry" required extra={t('expiryHint')}>
          <Space wrap>
            {QUICK_DAYS.map((days) => {
              const value = endOfDay(dayjs().add(days, 'day'));
              const chosen = expiresAt ? dayjs(expiresAt).isSame(value, 'day') : false;
              return (
                <Button key={days} size="small" type={chosen ? 'primary' : 'default'} onClick={() => form.setFieldsValue({ expiresAt: value })} data-testid={`api-key-expiry-${days}`}>
                  {t('expiryQuick', { days })}
                </Button>
              );
            })}
            <Form.Item
              name="expiresAt"
              noStyle
              rules={[
                { required: true, message: t('rule.expiry') },
                {
                  validator: async (_, value: Dayjs | null) => {
                    if (!value) return;
                    if (!endOfDay(value).isAfter(dayjs())) throw new Error(t('rule.expiryPast'));
                    if (value.isAfter(lastDay())) throw new Error(t('rule.expiryTooFar'));
                  },
                },
              ]}
            >
              <DatePicker id="api-key-expiry" allowClear={false} disabledDate={(day) => day.isBefore(dayjs(), 'day') || day.isAfter(lastDay())} data-testid="api-key-expiry" />
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item
          name="ipAllowList"
          label={t('field.ipAllowList')}
          extra={t('ipHint', { max: API_KEY_IP_ALLOW_MAX })}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const lines = ipLines(value);
                const wrong = lines.find((line) => !isIpEntry(line));
                if (wrong) throw new Error(t('rule.ipInvalid', { entry: wrong }));
                if (lines.length > API_KEY_IP_ALLOW_MAX) throw new Error(t('rule.ipTooMany', { max: API_KEY_IP_ALLOW_MAX }));
              },
            },
          ]}
        >
          <Input.TextArea rows={4} placeholder={t('ipPlaceholder')} spellCheck={false} style={{ fontFamily: 'monospace' }} data-testid="api-key-ips" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
