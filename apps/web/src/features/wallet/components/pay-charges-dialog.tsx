import { useState } from 'react';
import { App, Button, Flex, Form, Input, Modal, Steps, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAYMENT_LINES_MAX } from '@portal/shared/finance';
import type { ChargeRecord, PaymentRecord } from '@portal/shared/finance-schemas';
import type { CurrencyCode } from '@portal/shared/money';
import { Access } from '../../../components/access.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useEditPayment, useCharges, usePaymentPreview, useSubmitPayment } from '../api/payments.ts';
import { amountSum } from '../money.ts';
import { DetailStates } from '../../../components/detail-states.tsx';
import { Money } from '../../../components/money.tsx';
import { useSelectionLabels } from '../../../components/table-selection.ts';
import { payable, PaymentPreviewView } from './payment-preview-view.tsx';

/** A charge chosen for payment, kept across the list's pages. */
type Picked = { orderId: number; orderNo: string; currency: CurrencyCode; amount: string };

const REMARK_MAX = 500;
const PAGE_SIZE = 10;
const ORDER_STATUS_DICT = 'LOGOrderStateEnum';

const pickedOf = (charge: ChargeRecord): Picked => ({ orderId: charge.orderId, orderNo: charge.orderNo, currency: charge.currency, amount: charge.amount });

/** A draft's lines as chosen charges: a payment is in one currency, the draft's. */
const pickedFromDraft = (draft: PaymentRecord | null): Map<number, Picked> =>
  new Map((draft?.lines ?? []).map((line) => [line.orderId, { orderId: line.orderId, orderNo: line.orderNo, currency: draft?.currency ?? 'CNY', amount: line.amount }]));

function ChargePicker({ picked, onChange }: { picked: Map<number, Picked>; onChange: (next: Map<number, Picked>) => void }) {
  const { t } = useTranslation('wallet');
  const [paging, setPaging] = useState({ pageNo: 1, orderNo: '' });
  const charges = useCharges({ pageNo: paging.pageNo, pageSize: PAGE_SIZE, ...(paging.orderNo ? { orderNo: paging.orderNo } : {}) }, true);
  // a payment is in one currency: the first charge chosen decides it
  const currency = picked.values().next().value?.currency;
  const chosen = [...picked.values()];
  const selectionLabels = useSelectionLabels<ChargeRecord>((charge) => charge.orderNo);
  return (
    <Flex vertical gap={12}>
      <Input.Search
        allowClear
        placeholder={t('payment.charges.search')}
        onSearch={(value) => {
          // the same search asks again: a search button always searches
          if (paging.pageNo === 1 && paging.orderNo === value.trim()) void charges.refetch();
          else setPaging({ pageNo: 1, orderNo: value.trim() });
        }}
        style={{ maxWidth: 320 }}
        aria-label={t('payment.charges.search')}
      />
      <DetailStates pending={false} failed={charges.isError && !charges.data} onRetry={() => void charges.refetch()} />
      <Table<ChargeRecord>
        size="small"
        rowKey="orderId"
        loading={charges.isFetching}
        dataSource={charges.data?.records ?? []}
        scroll={{ x: 'max-content', y: 360 }}
        locale={{ emptyText: charges.isPending ? ' ' : t('payment.charges.empty') }}
        pagination={{ current: paging.pageNo, pageSize: PAGE_SIZE, total: charges.data?.total ?? 0, size: 'small', showSizeChanger: false, onChange: (pageNo) => setPaging((current) => ({ ...current, pageNo })) }}
        rowSelection={{
          // the page box read in the user's language (antd's own is English); a row's is its order number
          getTitleCheckboxProps: selectionLabels.getTitleCheckboxProps,
          selectedRowKeys: [...picked.keys()],
          preserveSelectedRowKeys: true,
          getCheckboxProps: (charge) => ({
            disabled: !picked.has(charge.orderId) && ((currency !== undefined && charge.currency !== currency) || picked.size >= PAYMENT_LINES_MAX),
            'aria-label': charge.orderNo,
          }),
          onChange: (keys, rows) => {
            const byId = new Map(rows.filter(Boolean).map((row) => [row.orderId, pickedOf(row)]));
            onChange(new Map(keys.map((key) => Number(key)).flatMap((id) => {
              const entry = byId.get(id) ?? picked.get(id);
              return entry ? [[id, entry] as const] : [];
            })));
          },
        }}
        columns={[
          { key: 'orderNo', dataIndex: 'orderNo', title: t('payment.field.orderNo') },
          { key: 'merchantOrderNo', dataIndex: 'merchantOrderNo', title: t('payment.field.merchantOrderNo') },
          { key: 'orderStatus', title: t('payment.field.orderStatus'), render: (_, charge) => <DictTag code={ORDER_STATUS_DICT} value={charge.orderStatus} /> },
          { key: 'amount', title: t('common.amount'), align: 'right', render: (_, charge) => <Money amount={charge.amount} currency={charge.currency} /> },
          {
            key: 'drafts',
            title: t('payment.charges.inDrafts'),
            render: (_, charge) =>
              charge.draftPaymentNos.map((paymentNo) => (
                <Tag key={paymentNo} style={{ marginInlineEnd: 4 }}>
                  {paymentNo}
                </Tag>
              )),
          },
          { key: 'createdAt', title: t('common.createdAt'), render: (_, charge) => formatDateTime(charge.createdAt) },
        ]}
      />
      <Typography.Text data-testid="charges-picked">
        {currency
          ? t('payment.charges.picked', { count: chosen.length, total: `${formatMoney(amountSum(chosen.map((entry) => entry.amount), currency))} ${currency}` })
          : t('payment.charges.pickHelp')}
      </Typography.Text>
    </Flex>
  );
}

/**
 * "Pay charges": choose unpaid charges (one currency), see what paying them would do (payment/confirm),
 * then pay now from the balance or keep them as a draft (`onDone` hears which). With `draft`, changes a draft's charges. One
 * idempotency key per opening (the parent mounts the dialog anew for each): a retry sends the same.
 */
export function PayChargesDialog({ open, draft, onDone, onClose }: { open: boolean; draft: PaymentRecord | null; onDone?: (payment: PaymentRecord) => void; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const { message } = App.useApp();
  const [step, setStep] = useState<'select' | 'preview'>('select');
  const [picked, setPicked] = useState(() => pickedFromDraft(draft));
  const [remark, setRemark] = useState(draft?.remark ?? '');
  const orderIds = [...picked.keys()];
  const preview = usePaymentPreview(step === 'preview' ? { orderIds } : null);
  const submit = useSubmitPayment();
  const edit = useEditPayment();
  const { key } = useIdempotencyKey();
  const busy = submit.isPending || edit.isPending;
  const remarkTooLong = remark.trim().length > REMARK_MAX;

  const save = (pay: boolean) => {
    if (remarkTooLong) return;
    const done = (payment: PaymentRecord) => {
      message.success(pay ? t('payment.paid', { paymentNo: payment.paymentNo }) : t('payment.savedDraft', { paymentNo: payment.paymentNo }));
      onDone?.(payment);
      onClose();
    };
    if (draft) edit.mutate({ input: { id: draft.id, orderIds, remark: remark.trim() }, idempotencyKey: key }, { onSuccess: done });
    else submit.mutate({ input: { orderIds, remark: remark.trim(), draft: !pay }, idempotencyKey: key }, { onSuccess: done });
  };

  const pendingPay = submit.isPending && submit.variables?.input.draft === false;
  const footer =
    step === 'select'
      ? [
          <Button key="cancel" onClick={onClose}>
            {t('common.cancel')}
          </Button>,
          <Button key="next" type="primary" disabled={picked.size === 0} onClick={() => setStep('preview')} data-testid="payment-next">
            {t('payment.next')}
          </Button>,
        ]
      : [
          <Button key="back" onClick={() => setStep('select')} disabled={busy}>
            {t('common.back')}
          </Button>,
          <Button key="draft" loading={busy && !pendingPay} disabled={pendingPay || !preview.data} onClick={() => save(false)} data-testid="payment-save-draft">
            {draft ? t('payment.saveChanges') : t('payment.saveDraft')}
          </Button>,
          ...(draft
            ? []
            : [
                // paying at once is wallet:payment:submit (the server checks it too); a draft is wallet:payment:add
                <Access key="pay" code="wallet:payment:submit">
                  <Button type="primary" loading={pendingPay} disabled={!payable(preview.data) || (busy && !pendingPay)} onClick={() => save(true)} data-testid="payment-pay-now">
                    {t('payment.payNow')}
                  </Button>
                </Access>,
              ]),
        ];

  return (
    <Modal open={open} title={draft ? t('payment.editTitle', { paymentNo: draft.paymentNo }) : t('payment.payTitle')} onCancel={onClose} width={1080} footer={footer} destroyOnHidden>
      <Steps size="small" current={step === 'select' ? 0 : 1} style={{ marginBottom: 16 }} items={[{ title: t('payment.stepSelect') }, { title: t('payment.stepPreview') }]} />
      <ServerError error={submit.error ?? edit.error} />
      {step === 'select' ? (
        <ChargePicker picked={picked} onChange={setPicked} />
      ) : (
        <Flex vertical gap={16}>
          <DetailStates pending={preview.isPending} failed={preview.isError} onRetry={() => void preview.refetch()} />
          {preview.data && <PaymentPreviewView preview={preview.data} />}
          <Form layout="vertical">
            <Form.Item label={t('common.remark')} htmlFor="pay-charges-remark" validateStatus={remarkTooLong ? 'error' : undefined} help={remarkTooLong ? t('rules.tooLong', { label: t('common.remark'), max: REMARK_MAX }) : undefined}>
              <Input.TextArea id="pay-charges-remark" rows={2} maxLength={REMARK_MAX} showCount value={remark} onChange={(event) => setRemark(event.target.value)} />
            </Form.Item>
          </Form>
        </Flex>
      )}
    </Modal>
  );
}
