import { useState } from 'react';
import { Alert, Button, Descriptions, Empty, Flex, Form, Image, Input, InputNumber, Modal, Select, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WAREHOUSE_CODES } from '@portal/shared/logistics';
import type { BasketRecord, PreOrderDetail, PreOrderLineRecord, PreOrderSubmitInput } from '@portal/shared/pre-order-schemas';
import { PRE_ORDER_QUANTITY_MAX, PURCHASE_FALLBACKS, type PurchasePlatform } from '@portal/shared/purchase';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { DetailStates } from '../../../components/detail-states.tsx';
import { Money } from '../../../components/money.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { ImportButton } from '../../../components/import-dialog.tsx';
import { useBasket, useDeleteBasketLines, useDownloadBasketTemplate, useEditBasketLine, useImportBasket, useSubmitPreOrder } from '../api/pre-orders.ts';
import { IMAGE_FALLBACK, preOrderCode } from '../platform.ts';

const REMARK_MAX = 500;

/** A line's quantity and remark, saved when the field is left (the server takes the platform's price of now). */
function useLineEditor({ platform, line }: { platform: PurchasePlatform; line: PreOrderLineRecord }) {
  const { t } = useTranslation('purchase');
  const edit = useEditBasketLine(platform);
  const [quantity, setQuantity] = useState<number | null>(line.quantity);
  const [remark, setRemark] = useState(line.remark);
  const save = (next: { quantity?: number | null; remark?: string }) => {
    const wanted = { quantity: next.quantity ?? quantity, remark: (next.remark ?? remark).trim() };
    if (!wanted.quantity || (wanted.quantity === line.quantity && wanted.remark === line.remark)) return;
    edit.mutate({ lineId: line.id, quantity: wanted.quantity, remark: wanted.remark });
  };
  return { quantity, remark, setQuantity, setRemark, save, pending: edit.isPending, t };
}

function QuantityCell({ platform, line }: { platform: PurchasePlatform; line: PreOrderLineRecord }) {
  const editor = useLineEditor({ platform, line });
  return (
    <Access code={preOrderCode(platform, 'edit')} fallback={<span>{line.quantity}</span>}>
      <InputNumber
        size="small"
        min={1}
        max={PRE_ORDER_QUANTITY_MAX}
        precision={0}
        value={editor.quantity}
        disabled={editor.pending}
        onChange={editor.setQuantity}
        onBlur={() => editor.save({})}
        onPressEnter={() => editor.save({})}
        aria-label={editor.t('basket.quantity')}
        data-testid={`basket-quantity-${line.id}`}
        style={{ width: 90 }}
      />
    </Access>
  );
}

function RemarkCell({ platform, line }: { platform: PurchasePlatform; line: PreOrderLineRecord }) {
  const editor = useLineEditor({ platform, line });
  return (
    <Access code={preOrderCode(platform, 'edit')} fallback={<span>{line.remark}</span>}>
      <Input size="small" maxLength={REMARK_MAX} value={editor.remark} onChange={(event) => editor.setRemark(event.target.value)} onBlur={() => editor.save({})} aria-label={editor.t('basket.remark')} style={{ width: 160 }} />
    </Access>
  );
}

/** The submission's choices: remark, what to do when a line cannot be bought, the receiving warehouse. */
function SubmitDialog({ platform, onClose, onSubmitted }: { platform: PurchasePlatform; onClose: () => void; onSubmitted: (detail: PreOrderDetail) => void }) {
  const { t } = useTranslation('purchase');
  const [form] = Form.useForm<PreOrderSubmitInput>();
  const submit = useSubmitPreOrder(platform);
  const send = (values: PreOrderSubmitInput) => submit.mutate({ ...values, remark: (values.remark ?? '').trim() }, { onSuccess: onSubmitted });
  return (
    <Modal open title={t('submit.title')} onCancel={onClose} okText={t('submit.ok')} cancelText={t('submit.cancel')} onOk={() => form.submit()} confirmLoading={submit.isPending} destroyOnHidden okButtonProps={{ 'data-testid': 'submit-ok' }}>
      <ServerError error={submit.error} />
      <Form form={form} layout="vertical" initialValues={{ fallback: 'CONTACT_ME', warehouseCode: WAREHOUSE_CODES[0], remark: '' }} onFinish={send}>
        <Form.Item name="fallback" label={t('submit.fallback')} rules={[{ required: true, message: t('submit.required', { label: t('submit.fallback') }) }]}>
          <Select options={PURCHASE_FALLBACKS.map((value) => ({ value, label: t(`fallback.${value}`) }))} />
        </Form.Item>
        <Form.Item name="warehouseCode" label={t('submit.warehouse')} rules={[{ required: true, message: t('submit.required', { label: t('submit.warehouse') }) }]}>
          <Select options={WAREHOUSE_CODES.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('submit.remark')}>
          <Input.TextArea rows={2} maxLength={REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Goods from a spreadsheet: item links or ids, SKU ids, quantities and remarks, all or nothing. */
function BasketImportButton({ platform }: { platform: PurchasePlatform }) {
  const { t } = useTranslation('purchase');
  const texts = {
    button: t('import.button'),
    title: t('import.title'),
    stepTemplate: t('import.stepTemplate'),
    hint: t('import.hint', { size: '5 MB' }),
    success: (count: number) => t('import.success', { count }),
    failed: (count: number) => t('import.failed', { count }),
  };
  return <ImportButton code={preOrderCode(platform, 'import')} testId="basket-import" texts={texts} template={useDownloadBasketTemplate(platform)} upload={useImportBasket(platform)} />;
}

/**
 * The basket of one platform: its lines (quantity and remark edited in place), the live estimate in CNY,
 * "Add goods" to the product search, and Submit, which makes it a pre-purchase order to pay.
 */
export function BasketPanel({ platform, onSubmitted }: { platform: PurchasePlatform; onSubmitted: (detail: PreOrderDetail) => void }) {
  const { t } = useTranslation('purchase');
  const navigate = useNavigate();
  const basket = useBasket(platform);
  const remove = useDeleteBasketLines(platform);
  const [submitting, setSubmitting] = useState(false);
  const data: BasketRecord | undefined = basket.data;
  const lines = data?.lines ?? [];
  return (
    <Flex vertical gap={16} data-testid="basket">
      {data?.demo && <Alert type="info" showIcon title={t('basket.demo')} />}
      <Space wrap>
        <Access code={preOrderCode(platform, 'add')}>
          <Button icon={<PlusOutlined />} onClick={() => void navigate(`/product-search?platform=${platform}`)} data-testid="basket-add-goods">
            {t('basket.addGoods')}
          </Button>
        </Access>
        <BasketImportButton platform={platform} />
      </Space>
      <DetailStates pending={basket.isPending} failed={basket.isError} onRetry={() => void basket.refetch()} />
      <Table<PreOrderLineRecord>
        size="small"
        rowKey="id"
        dataSource={lines}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: basket.isPending ? ' ' : <Empty description={t('basket.empty')} /> }}
        columns={[
          { key: 'lineNo', title: '#', width: 48, render: (_, line) => line.lineNo },
          { key: 'image', title: t('basket.image'), width: 72, render: (_, line) => (line.imageUrl ? <Image src={line.imageUrl} width={48} height={48} alt="" fallback={IMAGE_FALLBACK} preview={false} /> : null) },
          {
            key: 'title',
            title: t('basket.title'),
            render: (_, line) => (
              <Typography.Link href={line.itemUrl} target="_blank" rel="noreferrer" style={{ maxWidth: 280, display: 'inline-block' }} ellipsis>
                {line.title}
              </Typography.Link>
            ),
          },
          { key: 'sku', title: t('basket.sku'), render: (_, line) => line.skuText },
          { key: 'store', title: t('basket.store'), render: (_, line) => line.storeName },
          { key: 'unitPrice', title: t('basket.unitPrice'), align: 'right', render: (_, line) => <Money amount={line.unitPrice} currency="CNY" /> },
          { key: 'quantity', title: t('basket.quantity'), render: (_, line) => <QuantityCell key={`${line.id}-${line.quantity}`} platform={platform} line={line} /> },
          { key: 'amount', title: t('basket.amount'), align: 'right', render: (_, line) => <Money amount={line.amount} currency="CNY" /> },
          { key: 'remark', title: t('basket.remark'), render: (_, line) => <RemarkCell key={`${line.id}-${line.remark}`} platform={platform} line={line} /> },
          {
            key: 'actions',
            title: '',
            render: (_, line) => (
              <ConfirmedAction
                code={preOrderCode(platform, 'delete')}
                label={t('basket.delete')}
                title={t('basket.delete')}
                description={t('basket.deleteConfirm', { title: line.title })}
                cancelText={t('submit.cancel')}
                danger
                pending={remove.isPending}
                run={() => remove.mutateAsync([line.id])}
                done={t('basket.deleted')}
                testId={`basket-delete-${line.id}`}
              />
            ),
          },
        ]}
      />
      {data && (
        <Flex justify="space-between" align="flex-end" wrap gap={16}>
          <Descriptions
            size="small"
            column={1}
            style={{ maxWidth: 420 }}
            data-testid="basket-estimate"
            items={[
              { key: 'goods', label: t('basket.goods'), children: <Money amount={data.estimate.goodsAmount} currency="CNY" /> },
              { key: 'express', label: t('basket.express'), children: <Money amount={data.estimate.expressFee} currency="CNY" /> },
              { key: 'fee', label: t('basket.serviceFee'), children: <Money amount={data.estimate.serviceFee} currency="CNY" /> },
              { key: 'total', label: t('basket.total'), children: <Money amount={data.estimate.totalAmount} currency="CNY" strong /> },
            ]}
          />
          <Access code={preOrderCode(platform, 'submit')}>
            <Button type="primary" disabled={lines.length === 0} onClick={() => setSubmitting(true)} data-testid="basket-submit">
              {t('basket.submit')}
            </Button>
          </Access>
        </Flex>
      )}
      {submitting && (
        <SubmitDialog
          platform={platform}
          onClose={() => setSubmitting(false)}
          onSubmitted={(detail) => {
            setSubmitting(false);
            onSubmitted(detail);
          }}
        />
      )}
    </Flex>
  );
}
