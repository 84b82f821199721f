import { useState } from 'react';
import { Alert, App, Button, Col, DatePicker, Drawer, Form, Input, Radio, Row, Select, Space, Card, Typography } from 'antd';
import { ArrowRightOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ORDER_TRANSITIONS, type OrderStatus } from '@portal/shared/logistics';
import { Access } from '../../../components/access.tsx';
import { DictSelect } from '../../../components/dict-select.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { findDictOption, useDictOptions } from '../../../components/dict-items.ts';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { DATE_TIME_FORMAT } from '../../../lib/format.ts';
import { HttpError } from '../../../lib/http.ts';
import { useAddTrackingEvent, listTrackingEvents, TRACKING_LIST_KEY, type WarehouseTrackingEvent } from '../api/tracking-events.ts';
import { ORDER_LIST_KEY, useOrderByNo } from '../api/orders.ts';
import { toEventInput, trimmed, type EventFormValues } from '../event-input.ts';
import { textKey } from '../../../components/list-page/text-key.ts';

export const ADD_EVENT_PERMISSION = 'warehouse:tracking:add';
/** The order status dictionary that is cached at sign-in (same items as OrderStatus). */
const STATUS_DICT = 'LOGOrderStateEnum';

export const TRACKING_EVENT_LIST: ListPageConfig<WarehouseTrackingEvent> = {
  id: 'warehouse-tracking-event',
  rowKey: 'id',
  queryKey: TRACKING_LIST_KEY,
  fetcher: listTrackingEvents,
  query: [
    { name: 'orderNo', label: textKey('warehouse', 'event.orderNo'), type: 'input' },
    { name: 'status', label: textKey('warehouse', 'event.status'), type: 'dict', dict: STATUS_DICT },
    { name: 'source', label: textKey('warehouse', 'event.source'), type: 'dict', dict: 'TrackingSource' },
    // createdFrom / createdTo (range-params.ts): when the event was recorded, the order the list is kept in
    { name: 'created', label: textKey('warehouse', 'event.createdAt'), type: 'date-range', hidden: true },
  ],
  columns: [
    { dataIndex: 'occurredAt', title: textKey('warehouse', 'event.occurredAt'), width: 170, format: 'dateTime' },
    { dataIndex: 'orderNo', title: textKey('warehouse', 'event.orderNo'), width: 170 },
    { dataIndex: 'tenantName', title: textKey('warehouse', 'common.tenant'), width: 140 },
    {
      dataIndex: 'status',
      title: textKey('warehouse', 'event.status'),
      width: 260,
      // a move shows where the order came from; a scan that moved nothing shows nothing
      render: (event) =>
        event.status ? (
          <Space size={0} wrap>
            {event.fromStatus && <DictTag code={STATUS_DICT} value={event.fromStatus} />}
            {event.fromStatus && <ArrowRightOutlined style={{ marginInlineEnd: 8 }} aria-hidden />}
            <DictTag code={STATUS_DICT} value={event.status} />
          </Space>
        ) : null,
    },
    { dataIndex: 'location', title: textKey('warehouse', 'event.location'), width: 160 },
    { dataIndex: 'description', title: textKey('warehouse', 'event.description'), format: 'ellipsis' },
    { dataIndex: 'carrierCode', title: textKey('warehouse', 'event.carrierCode'), width: 120 },
    { dataIndex: 'source', title: textKey('warehouse', 'event.source'), width: 100, dict: 'TrackingSource' },
    { dataIndex: 'createdAt', title: textKey('warehouse', 'event.createdAt'), width: 170, format: 'dateTime', defaultHidden: true },
  ],
};

/** What the operator learns of the order typed in: its merchant and status, hence which moves it allows. */
function OrderLookup({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('warehouse');
  const order = useOrderByNo(orderNo);
  if (!orderNo) return null;
  if (order.isPending) return <Typography.Text type="secondary">{t('event.lookingUp')}</Typography.Text>;
  if (order.isError || !order.data) return <Typography.Text type="danger">{t('event.orderNotFound', { orderNo })}</Typography.Text>;
  return (
    <Space size={4} wrap data-testid="event-order">
      <Typography.Text type="secondary">{t('event.currentStatus')}</Typography.Text>
      <DictTag code={STATUS_DICT} value={order.data.status} />
      <Typography.Text type="secondary">· {order.data.tenantName}</Typography.Text>
    </Space>
  );
}

function AddEventDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('warehouse');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EventFormValues>();
  const [lookupNo, setLookupNo] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const order = useOrderByNo(lookupNo);
  const statusOptions = useDictOptions(STATUS_DICT).options;
  const add = useAddTrackingEvent();
  const mode = Form.useWatch('mode', form) ?? 'ours';

  const current = order.data?.status;
  // the lifecycle decides which statuses the order may move to from where it is (ORDER_TRANSITIONS)
  const moves = current ? ORDER_TRANSITIONS[current] : [];
  const statusLabel = (status: OrderStatus) => findDictOption(statusOptions, status)?.text ?? status;

  const lookUp = () => {
    const orderNo = trimmed(form.getFieldValue('orderNo') as string | undefined);
    if (orderNo !== lookupNo) {
      setLookupNo(orderNo);
      form.setFieldValue('status', '');
    }
  };

  const close = () => {
    form.resetFields();
    setLookupNo('');
    setFailure(null);
    onClose();
  };

  const submit = (values: EventFormValues) => {
    setFailure(null);
    add.mutate(toEventInput(values), {
      onSuccess: () => {
        void message.success(t('event.saved'));
        void queryClient.invalidateQueries({ queryKey: TRACKING_LIST_KEY });
        void queryClient.invalidateQueries({ queryKey: ORDER_LIST_KEY });
        close();
      },
      // the HTTP client words a 404 generically: here it can only be the order number
      onError: (error) => setFailure(error instanceof HttpError && error.status === 404 ? t('event.orderNotFound', { orderNo: trimmed(values.orderNo) }) : error.message),
    });
  };

  return (
    <Drawer
      title={t('event.addTitle')}
      open={open}
      onClose={close}
      size={560}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" loading={add.isPending} onClick={() => form.submit()} data-testid="event-submit">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="event-error" />}
      <Form<EventFormValues>
        form={form}
        name="trackingEvent"
        layout="vertical"
        onFinish={submit}
        initialValues={{ status: '', occurredAt: dayjs(), mode: 'ours', source: 'MANUAL' }}
        onValuesChange={(changed: Partial<EventFormValues>) => {
          if ('orderNo' in changed && trimmed(changed.orderNo) !== lookupNo) setFailure(null);
        }}
      >
        <Form.Item
          name="orderNo"
          label={t('event.orderNo')}
          rules={[{ required: true, whitespace: true, message: t('event.orderNoRequired') }]}
          extra={<OrderLookup orderNo={lookupNo} />}
        >
          <Input autoFocus maxLength={32} autoComplete="off" spellCheck={false} onBlur={lookUp} onPressEnter={(event) => (event.preventDefault(), lookUp())} />
        </Form.Item>
        <Form.Item
          name="status"
          label={t('event.newStatus')}
          extra={current && moves.length === 0 ? t('event.finalStatus') : t('event.newStatusHint')}
        >
          <Select
            disabled={!current}
            options={[{ value: '', label: t('event.keepStatus') }, ...moves.map((status) => ({ value: status, label: statusLabel(status) }))]}
            data-testid="event-status"
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="occurredAt" label={t('event.occurredAt')} rules={[{ required: true, message: t('event.occurredAtRequired') }]}>
              {/* an event is recorded after it happened: no future days */}
              <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="source" label={t('event.source')} rules={[{ required: true }]}>
              <DictSelect code="TrackingSource" allowClear={false} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="location" label={t('event.location')}>
          <Input maxLength={200} placeholder={t('event.locationPlaceholder')} />
        </Form.Item>
        <Form.Item name="mode" label={t('event.description')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'ours', label: t('event.modeOurs') },
              { value: 'raw', label: t('event.modeRaw') },
            ]}
          />
        </Form.Item>
        {mode === 'raw' ? (
          <Form.Item name="rawText" label={t('event.rawText')} extra={t('event.rawTextHint')} rules={[{ required: true, whitespace: true, message: t('event.rawTextRequired') }]}>
            <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="descriptionZhTw"
              label={t('event.descZhTw')}
              extra={t('event.descriptionHint')}
              dependencies={['status', 'descriptionZhCn', 'descriptionEnUs']}
              rules={[
                ({ getFieldValue }) => ({
                  // an event that moves nothing says what happened, or it says nothing to anyone
                  validator: () => {
                    const said = ['descriptionZhTw', 'descriptionZhCn', 'descriptionEnUs'].some((name) => trimmed(getFieldValue(name) as string | undefined));
                    return said || getFieldValue('status') ? Promise.resolve() : Promise.reject(new Error(t('event.descriptionRequired')));
                  },
                }),
              ]}
            >
              <Input maxLength={500} lang="zh-TW" />
            </Form.Item>
            <Form.Item name="descriptionZhCn" label={t('event.descZhCn')}>
              <Input maxLength={500} lang="zh-CN" />
            </Form.Item>
            <Form.Item name="descriptionEnUs" label={t('event.descEnUs')}>
              <Input maxLength={500} lang="en-US" />
            </Form.Item>
          </>
        )}
        <Form.Item name="carrierCode" label={t('event.carrierCode')} extra={t('event.carrierCodeHint')}>
          <Input maxLength={32} autoComplete="off" spellCheck={false} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/**
 * Tracking events across tenants (platform): the list, and an event added by hand: line-haul,
 * customs and last-mile news, with a move to a next status where the lifecycle allows one.
 */
export function TrackingEventPage() {
  const { t } = useTranslation('warehouse');
  const [adding, setAdding] = useState(false);
  return (
    <Card>
      <ListPage
        config={TRACKING_EVENT_LIST}
        toolbar={
          <Access code={ADD_EVENT_PERMISSION}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="event-add">
              {t('event.add')}
            </Button>
          </Access>
        }
      />
      <AddEventDrawer open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
