import { useMemo, useState } from 'react';
import { Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RechargeStatus } from '@portal/shared/finance';
import type { RechargeRecord } from '@portal/shared/finance-schemas';
import { CURRENCY_CODES } from '@portal/shared/money';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig, StaticOption } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useDeleteRecharge, useEditRecharge, exportRecharges, listRecharges, RECHARGE_LIST_KEY } from '../api/recharges.ts';
import { Money } from '../../../components/money.tsx';
import { RateText } from '../components/rate-text.tsx';
import { RechargeDetailDrawer } from '../components/recharge-detail-drawer.tsx';
import { RechargeFormDialog } from '../components/recharge-form-dialog.tsx';
import { StatusTabs } from '../components/status-tabs.tsx';
import { JustChanged } from '../components/just-changed.tsx';
import { useStatusTab } from '../components/use-status-tab.ts';
import { useInitiatorOptions } from '../components/use-initiator-options.ts';
import { nextSession, usePendingAction } from '../components/pending-action.ts';
import { RECHARGE_STATUS_OPTIONS } from '../../../entities/recharge/statuses.ts';
import { RECHARGE_TABS } from '../statuses.ts';
import { textKey, literal } from '../../../components/list-page/text-key.ts';

const CURRENCY_OPTIONS: readonly StaticOption[] = CURRENCY_CODES.map((currency) => ({ value: currency, label: literal(currency) }));

/** A draft submitted as it is: the list's record is the whole recharge, so nothing needs asking again. */
const submitted = (recharge: RechargeRecord) => ({
  id: recharge.id,
  transferCurrency: recharge.transferCurrency,
  transferAmount: recharge.transferAmount,
  receivedCurrency: recharge.receivedCurrency,
  receivingAccountCode: recharge.receivingAccountCode,
  payerName: recharge.payerName,
  payerAccount: recharge.payerAccount,
  ...(recharge.transferredAt ? { transferredAt: recharge.transferredAt } : {}),
  remark: recharge.remark,
  voucherIds: recharge.vouchers.map((voucher) => voucher.id),
  draft: false,
});

type Handlers = { onDetail: (id: number) => void; onEdit: (recharge: RechargeRecord) => void; onDone: (recharge: RechargeRecord) => void };

/** Details for every recharge; a draft can also be changed, submitted for review or deleted, each confirmed. */
function RechargeActions({ recharge, onDetail, onEdit, onDone }: { recharge: RechargeRecord } & Handlers) {
  const { t } = useTranslation('wallet');
  const remove = useDeleteRecharge();
  const submit = useEditRecharge();
  // one key per action of this row: a retry after a failure sends the same
  const removeKey = useIdempotencyKey();
  const submitKey = useIdempotencyKey();
  const draft = recharge.status === 'DRAFT';
  const hasVoucher = recharge.vouchers.length > 0;
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => onDetail(recharge.id)} data-testid="recharge-detail-open">
        {t('common.detail')}
      </Button>
      {draft && (
        <>
          <Access code="wallet:recharge:edit">
            <Button type="link" size="small" onClick={() => onEdit(recharge)} data-testid="recharge-edit">
              {t('common.edit')}
            </Button>
          </Access>
          <ConfirmedAction
            code="wallet:recharge:submit"
            label={t('common.submit')}
            title={t('recharge.submitTitle')}
            description={t('recharge.submitConfirm', { rechargeNo: recharge.rechargeNo })}
            cancelText={t('common.cancel')}
            disabled={!hasVoucher}
            hint={hasVoucher ? undefined : t('recharge.needVoucher')}
            pending={submit.isPending}
            run={() =>
              submit.mutateAsync({ input: submitted(recharge), idempotencyKey: submitKey.key }).then((record) => {
                submitKey.renew();
                onDone(record);
              })
            }
            done={t('recharge.form.submitted', { rechargeNo: recharge.rechargeNo })}
            testId="recharge-submit-row"
          />
          <ConfirmedAction
            code="wallet:recharge:delete"
            label={t('common.delete')}
            title={t('common.deleteTitle')}
            description={t('recharge.deleteConfirm', { rechargeNo: recharge.rechargeNo })}
            cancelText={t('common.cancel')}
            danger
            pending={remove.isPending}
            run={() => remove.mutateAsync({ input: { id: recharge.id }, idempotencyKey: removeKey.key }).then(() => removeKey.renew())}
            done={t('common.deleted')}
            testId="recharge-delete"
          />
        </>
      )}
    </Space>
  );
}

function rechargeList(status: RechargeStatus | undefined, initiators: readonly StaticOption[], handlers: Handlers, changedId: number | null): ListPageConfig<RechargeRecord> {
  return {
    id: 'wallet-recharge',
    rowKey: 'id',
    queryKey: [...RECHARGE_LIST_KEY, status ?? 'ALL'],
    fetcher: (params, signal) => listRecharges(params, status, signal),
    defaultSort: { column: 'createdAt', order: 'desc' },
    query: [
      { name: 'rechargeNo', label: textKey('wallet', 'recharge.field.rechargeNo'), type: 'input', placeholder: 'components.query.numberPlaceholder' },
      { name: 'transferCurrency', label: textKey('wallet', 'recharge.field.transferCurrency'), type: 'select', options: CURRENCY_OPTIONS },
      { name: 'createdBy', label: textKey('wallet', 'common.createdBy'), type: 'select', options: initiators },
      { name: 'createdAt', label: textKey('wallet', 'common.createdAt'), type: 'date-range' },
    ],
    columns: [
      {
        dataIndex: 'rechargeNo',
        phone: true,
        title: textKey('wallet', 'recharge.field.rechargeNo'),
        fixed: 'left',
        width: 180,
        render: (recharge) => (
          <>
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => handlers.onDetail(recharge.id)}>
              {recharge.rechargeNo}
            </Button>
            {recharge.id === changedId && <JustChanged />}
          </>
        ),
      },
      { dataIndex: 'status', phone: true, title: textKey('wallet', 'common.status'), options: RECHARGE_STATUS_OPTIONS, width: 110 },
      { dataIndex: 'transferAmount', phone: true, title: textKey('wallet', 'recharge.field.transferAmount'), align: 'right', width: 160, render: (r) => <Money amount={r.transferAmount} currency={r.transferCurrency} /> },
      { dataIndex: 'receivedAmount', title: textKey('wallet', 'recharge.field.receivedAmount'), align: 'right', width: 160, render: (r) => <Money amount={r.receivedAmount} currency={r.receivedCurrency} /> },
      { dataIndex: 'rate', title: textKey('wallet', 'recharge.field.rate'), width: 190, render: (r) => <RateText rate={r.rate} base={r.transferCurrency} quote={r.receivedCurrency} /> },
      { dataIndex: 'inverseRate', title: textKey('wallet', 'recharge.field.inverseRate'), width: 210, render: (r) => <RateText rate={r.inverseRate} base={r.receivedCurrency} quote={r.transferCurrency} /> },
      { dataIndex: 'unrechargedAmount', title: textKey('wallet', 'recharge.field.unrechargedAmount'), align: 'right', width: 150, render: (r) => <Money amount={r.unrechargedAmount} currency={r.receivedCurrency} /> },
      { dataIndex: 'receivingBank', title: textKey('wallet', 'recharge.field.receivingBank'), format: 'ellipsis', width: 200 },
      { dataIndex: 'receivingAccountNo', title: textKey('wallet', 'recharge.field.receivingAccountNo'), width: 190 },
      { dataIndex: 'payerName', title: textKey('wallet', 'recharge.field.payerName'), format: 'ellipsis', width: 160 },
      { dataIndex: 'vouchers', title: textKey('wallet', 'recharge.field.voucherCount'), align: 'right', width: 90, render: (r) => r.vouchers.length },
      { dataIndex: 'createdBy', title: textKey('wallet', 'common.createdBy'), width: 120 },
      { dataIndex: 'createdAt', title: textKey('wallet', 'common.createdAt'), format: 'dateTime', sorter: true, width: 170, defaultHidden: true },
      { dataIndex: 'submittedAt', title: textKey('wallet', 'recharge.field.submittedAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'decidedAt', title: textKey('wallet', 'recharge.field.decidedAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'postedAt', title: textKey('wallet', 'recharge.field.postedAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'rejectReason', title: textKey('wallet', 'recharge.field.rejectReason'), format: 'ellipsis', width: 180 },
      { key: 'actions', phone: true, title: textKey('wallet', 'common.actions'), fixed: 'right', width: 230, render: (recharge) => <RechargeActions recharge={recharge} {...handlers} /> },
    ],
  };
}

/**
 * Recharge records (spec §3 wallet fields, §4 states as tabs and drafts): the merchant records what it
 * wired to the platform with the bank vouchers, keeps drafts, and submits them for finance to confirm.
 */
export function RechargeListPage() {
  // the status column's texts are the finance namespace's (entities/recharge)
  const { t } = useTranslation(['wallet', 'finance']);
  const tabs = useStatusTab(RECHARGE_TABS);
  const { tab, status, changedId } = tabs;
  const [detailId, setDetailId] = useState<number | null>(null);
  // the dialog stays mounted while it closes (its animation); each opening has a session of its own (its key)
  const [dialog, setDialog] = useState<{ session: number; draft: RechargeRecord | null; open: boolean }>({ session: 0, draft: null, open: false });
  const can = useCan();
  const opening = usePendingAction('recharge');
  const initiators = useInitiatorOptions();
  const { show } = tabs;
  const config = useMemo(
    () => rechargeList(status, initiators, { onDetail: setDetailId, onEdit: (draft) => setDialog({ session: nextSession(), draft, open: true }), onDone: show }, changedId),
    [status, initiators, changedId, show],
  );
  // the overview's "Recharge" opens a new one at once, for whoever may add one
  const current = !dialog.open && opening.requested && can('wallet:recharge:add') ? { session: -1, draft: null, open: true } : dialog;

  return (
    <Card>
      <StatusTabs tabs={RECHARGE_TABS} active={tab} onChange={tabs.choose} labelOf={(key) => t(`recharge.tabs.${key as 'ALL' | RechargeStatus}`)} />
      <ListPage
        // a tab is a list of its own: page 1 and its status filter
        key={tab}
        config={config}
        toolbar={
          <Access code="wallet:recharge:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ session: nextSession(), draft: null, open: true })} data-testid="recharge-new">
              {t('recharge.new')}
            </Button>
          </Access>
        }
        exportSlot={(params) => <ExportButton code="wallet:recharge:export" label={t('common.export')} run={() => exportRecharges(params, status)} />}
      />
      <RechargeFormDialog
        key={current.session}
        open={current.open}
        draft={current.draft}
        onDone={show}
        onClose={() => {
          setDialog((shown) => ({ ...shown, open: false }));
          opening.clear();
        }}
      />
      <RechargeDetailDrawer rechargeId={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
