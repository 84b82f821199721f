import { fundWallet, voucherUpload } from '../../../helpers/wallet-client.ts';
import type { Owner, TenantRecord, TenantResource } from '../tenant-resource.ts';

/* The merchant's money: recharges and their vouchers, payments, refunds, rate applications, statements. */

const W = '/platform-api/finance/virtualWallet';
type Page = { records: { id: number; [field: string]: unknown }[] };

const rateApplication = { baseCurrency: 'USD', quoteCurrency: 'TWD', amount: '10000', requestedRate: '31.9', reason: 'tenant safety' };

const details = (url: string) => async (owner: Owner, record: TenantRecord) => owner.ok(await owner.call({ method: 'POST', url, payload: { id: record.id } }));

export const resources: TenantResource[] = [
  {
    name: 'wallet recharge',
    async create(owner) {
      const draft = { transferCurrency: 'CNY', transferAmount: '50.00', receivedCurrency: 'CNY', receivingAccountCode: 'CN-ICBC', payerName: 'Demo Trading Co.', payerAccount: '700-123-456', transferredAt: '2026-03-02T10:15:00+08:00', remark: 'tenant safety', voucherIds: [], draft: true };
      const created = owner.ok<{ id: number; rechargeNo: string }>(await owner.call({ method: 'POST', url: `${W}/recharge/submit`, payload: draft }));
      return { id: created.id, no: created.rechargeNo };
    },
    view: details(`${W}/recharge/details`),
    byId: [
      { method: 'POST', url: `${W}/recharge/details`, id: 'body' },
      { method: 'POST', url: `${W}/recharge/edit`, id: 'body' },
      { method: 'POST', url: `${W}/deleteRechargeRecord`, id: 'body' },
    ],
    lists: [
      { method: 'POST', url: `${W}/recharge/list`, payload: { pageSize: 100 } },
      { method: 'GET', url: `${W}/recharge/exportXls` },
    ],
  },
  {
    name: 'recharge voucher',
    async create(owner) {
      const voucher = owner.ok<{ id: number; fileName: string }>(await owner.call({ method: 'POST', url: `${W}/recharge/credentials`, ...voucherUpload() }));
      return { id: voucher.id, no: `voucher ${voucher.id}` };
    },
    view: async (owner, record) => (await owner.call({ method: 'GET', url: `${W}/recharge/credentials/${record.id}` })).rawPayload.toString('base64'),
    byId: [{ method: 'GET', url: `${W}/recharge/credentials/:id`, id: 'path' }],
    lists: [],
  },
  {
    name: 'payment',
    async create(owner) {
      // a draft payment of one of the demo's charged orders
      const charges = owner.ok<{ records: { orderId: number }[] }>(await owner.call({ method: 'POST', url: `${W}/payment/charges`, payload: { pageSize: 1 } }));
      const orderIds = charges.records.map((charge) => charge.orderId);
      const created = owner.ok<{ id: number; paymentNo: string }>(await owner.call({ method: 'POST', url: `${W}/payment/submit`, payload: { orderIds, draft: true } }));
      return { id: created.id, no: created.paymentNo };
    },
    view: details(`${W}/payment/details`),
    byId: [
      { method: 'POST', url: `${W}/payment/details`, id: 'body' },
      { method: 'POST', url: `${W}/payment/edit`, id: 'body' },
      { method: 'POST', url: `${W}/payment/confirm/submit`, id: 'body' },
      { method: 'POST', url: `${W}/deletePaymentRecord`, id: 'body' },
    ],
    lists: [
      { method: 'POST', url: `${W}/payment/list`, payload: { pageSize: 100 } },
      { method: 'GET', url: `${W}/payment/exportXls` },
    ],
  },
  {
    name: 'refund',
    async create(owner) {
      await fundWallet(owner.db, 'CNY', 10_000n);
      const refund = { kind: 'BALANCE', currency: 'CNY', amount: '1.00', payeeName: '陳大文', payeeAccount: '6222 0000 1111', payeeBank: 'ICBC Shenzhen', reason: 'tenant safety' };
      const created = owner.ok<{ id: number; refundNo: string }>(await owner.call({ method: 'POST', url: `${W}/refund/submit`, payload: refund }));
      return { id: created.id, no: created.refundNo };
    },
    view: details(`${W}/refund/details`),
    byId: [{ method: 'POST', url: `${W}/refund/details`, id: 'body' }],
    lists: [
      { method: 'POST', url: `${W}/refund/list`, payload: { pageSize: 100 } },
      { method: 'GET', url: `${W}/refund/exportXls` },
    ],
  },
  {
    name: 'rate application',
    async create(owner) {
      const created = owner.ok<{ id: number; applyNo: string }>(await owner.call({ method: 'POST', url: '/api/finance/rateApply/add', payload: rateApplication }));
      return { id: created.id, no: created.applyNo };
    },
    // no read by id: the owner finds it in the list
    view: async (owner, record) => owner.ok<Page>(await owner.call({ method: 'POST', url: '/api/finance/rateApply/list', payload: { pageSize: 100 } })).records.find((r) => r.id === record.id),
    byId: [
      { method: 'POST', url: '/api/finance/rateApply/edit', id: 'body', with: { ...rateApplication, amount: '1' } },
      { method: 'POST', url: '/api/finance/rateApply/submit', id: 'body' },
      { method: 'POST', url: '/api/finance/rateApply/cancel', id: 'body' },
    ],
    lists: [
      { method: 'POST', url: '/api/finance/rateApply/list', payload: { pageSize: 100 } },
      { method: 'GET', url: '/api/finance/rateApply/exportXls' },
    ],
  },
  {
    name: 'statement',
    async create(owner) {
      const lastMonth = new Date();
      lastMonth.setUTCDate(1);
      lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
      const created = owner.ok<{ id: number; statementNo: string }>(
        await owner.call({ method: 'POST', url: '/api/finance/brand/account/history/createOrUpdate', payload: { month: lastMonth.toISOString().slice(0, 7), currency: 'CNY' } }),
      );
      return { id: created.id, no: created.statementNo };
    },
    view: details('/api/finance/brand/account/history/detail'),
    byId: [
      { method: 'POST', url: '/api/finance/brand/account/history/detail', id: 'body' },
      { method: 'GET', url: '/api/finance/brand/account/history/exportXls', id: 'query' },
    ],
    lists: [{ method: 'POST', url: '/api/finance/brand/account/history/list', payload: { pageSize: 100 } }],
  },
];
