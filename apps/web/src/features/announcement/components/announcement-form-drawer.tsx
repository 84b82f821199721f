import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { App, Button, DatePicker, Drawer, Flex, Form, Input, Radio, Select, Skeleton, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_TITLE_MAX, MERCHANT_AUDIENCES, PLATFORM_AUDIENCES, type AnnouncementAudience, type AnnouncementInput, type AnnouncementManageRecord, type AnnouncementPriority, type AnnouncementType } from '@portal/shared/announcement';
import { ScriptConvertButton, type Script } from '../../../components/script-convert-button.tsx';
import { ReportPickButton, USERS_PICKER } from '../../../components/report-pick-button.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { useSettled } from '../../../lib/use-settled.ts';
import { useAddAnnouncement, useEditAnnouncement, useTargets } from '../api/announcements.ts';

// Tiptap and ProseMirror come with the drawer's first opening, not with the list
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx').then((module) => ({ default: module.RichTextEditor })));

type Values = {
  title: string;
  msgType: AnnouncementType;
  priority: AnnouncementPriority;
  audience: AnnouncementAudience;
  targetIds: number[];
  period: [Dayjs | null, Dayjs | null] | null;
  content: string;
};

const EMPTY: Values = { title: '', msgType: 'notice', priority: 'M', audience: 'ALL', targetIds: [], period: null, content: '' };

function valuesOf(record: AnnouncementManageRecord): Values {
  return {
    title: record.title,
    msgType: record.msgType,
    priority: record.priority,
    audience: record.audience,
    targetIds: record.targetIds,
    period: record.startTime || record.endTime ? [record.startTime ? dayjs(record.startTime) : null, record.endTime ? dayjs(record.endTime) : null] : null,
    content: record.content,
  };
}

/** The editor as a form field (the Form gives its value and onChange to its direct child, not through Suspense). */
function ContentField({ value, onChange, ariaLabel }: { value?: string; onChange?: (html: string) => void; ariaLabel: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor value={value} onChange={onChange} ariaLabel={ariaLabel} />
    </Suspense>
  );
}

/** The targets of an audience: searched by name on the server, with the names of those already chosen. */
function TargetSelect({ audience, value, onChange }: { audience: Exclude<AnnouncementAudience, 'ALL'>; value?: number[]; onChange?: (ids: number[]) => void }) {
  const { t } = useTranslation('announcement');
  const { t: common } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const settled = useSettled(keyword, 300);
  const found = useTargets(audience, { keyword: settled || undefined });
  const chosen = useTargets(audience, { ids: value ?? [] });
  const options = useMemo(() => {
    const all = new Map<number, string>();
    for (const option of [...(chosen.data ?? []), ...(found.data ?? [])]) all.set(option.value, option.label);
    // the platform is named in the reader's language, as in the visit statistics
    return [...all].map(([id, label]) => ({ value: id, label: audience === 'TENANT' && id === PLATFORM_TENANT ? common('platformTenant') : label }));
  }, [chosen.data, found.data, audience, common]);
  const select = (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={found.isFetching}
      placeholder={t('manage.searchTargets')}
      style={{ flex: 1, minWidth: 0 }}
      data-testid="announcement-targets"
    />
  );
  if (audience !== 'USER') return select;
  // users can also be picked from the list of the company's users (the built-in user report)
  return (
    <Flex gap={8}>
      {select}
      <ReportPickButton
        config={USERS_PICKER}
        label={common('components.reportPicker.users')}
        onPick={(mapped) => onChange?.([...new Set([...(value ?? []), ...mapped.map((user) => Number(user.id)).filter((id) => Number.isSafeInteger(id) && id > 0)])])}
        testId="announcement-targets-pick"
      />
    </Flex>
  );
}

/** Add or edit an announcement (a draft, or a revoked one); the server sanitises the HTML and checks every target. */
export function AnnouncementFormDrawer({ open, record, platform, onClose }: { open: boolean; record: AnnouncementManageRecord | null; platform: boolean; onClose: () => void }) {
  const { t } = useTranslation('announcement');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddAnnouncement();
  const edit = useEditAnnouncement();
  const saving = record ? edit : add;
  const audience = Form.useWatch('audience', form) ?? 'ALL';
  const audiences = platform ? PLATFORM_AUDIENCES : MERCHANT_AUDIENCES;

  useEffect(() => {
    if (!open) return;
    add.reset();
    edit.reset();
    form.setFieldsValue(record ? valuesOf(record) : EMPTY);
    // reset on each opening only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record]);

  const submit = async ({ period, ...values }: Values) => {
    const input: AnnouncementInput = {
      ...values,
      targetIds: values.audience === 'ALL' ? [] : values.targetIds,
      startTime: period?.[0] ? period[0].format() : null,
      endTime: period?.[1] ? period[1].format() : null,
    };
    await (record ? edit.mutateAsync({ ...input, id: record.id }) : add.mutateAsync(input));
    message.success(t('common.saved'));
    onClose();
  };

  /** The title and the content are written once for readers of both scripts: each converts in place. */
  const convertInPlace = (field: 'title' | 'content') => (
    <Space size="middle">
      {(['zh-TW', 'zh-CN'] as const satisfies readonly Script[]).map((to) => (
        <ScriptConvertButton
          key={to}
          mode="in-place"
          to={to}
          from={() => form.getFieldValue(field) as string | undefined}
          onConverted={(text) => {
            form.setFieldValue(field, field === 'title' ? text.slice(0, ANNOUNCEMENT_TITLE_MAX) : text);
            void form.validateFields([field]);
          }}
          testId={`announcement-${field}-${to}`}
        />
      ))}
    </Space>
  );

  const required = (label: string) => ({ required: true, whitespace: true, message: t('manage.required', { label }) });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      title={record ? t('manage.editTitle') : t('manage.addTitle')}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving.isPending} onClick={() => form.submit()} data-testid="announcement-save">
            {t('common.save')}
          </Button>
        </Space>
      }
      data-testid="announcement-form"
    >
      <ServerError error={saving.error} />
      <Form form={form} layout="vertical" onFinish={(values) => submit(values).catch(() => undefined)}>
        <Form.Item name="title" label={t('field.title')} extra={convertInPlace('title')} rules={[required(t('field.title')), { max: ANNOUNCEMENT_TITLE_MAX }]}>
          <Input maxLength={ANNOUNCEMENT_TITLE_MAX} showCount data-testid="announcement-title" />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="msgType" label={t('field.msgType')}>
            <Radio.Group optionType="button" options={(['notice', 'system'] as const).map((value) => ({ value, label: t(`msgType.${value}`) }))} />
          </Form.Item>
          <Form.Item name="priority" label={t('field.priority')}>
            <Radio.Group optionType="button" options={(['H', 'M', 'L'] as const).map((value) => ({ value, label: t(`priority.${value}`) }))} />
          </Form.Item>
        </Space>
        <Form.Item name="audience" label={t('field.audience')} extra={audience === 'ALL' ? t(platform ? 'manage.allTenants' : 'manage.allOfCompany') : undefined}>
          <Radio.Group options={audiences.map((value) => ({ value, label: t(`audience.${value}`) }))} onChange={() => form.setFieldValue('targetIds', [])} data-testid="announcement-audience" />
        </Form.Item>
        {audience !== 'ALL' && (
          <Form.Item name="targetIds" label={t('field.targets')} rules={[{ required: true, type: 'array', min: 1, message: t('manage.choose', { label: t('field.targets') }) }]}>
            <TargetSelect audience={audience} />
          </Form.Item>
        )}
        <Form.Item name="period" label={t('field.period')}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} placeholder={[t('manage.untilNow'), t('manage.noEnd')]} style={{ width: '100%', maxWidth: 420 }} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('field.content')}
          extra={
            <>
              <div>{t('manage.contentHint')}</div>
              {convertInPlace('content')}
            </>
          }
          rules={[required(t('field.content'))]}>
          <ContentField ariaLabel={t('field.content')} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
