import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { RECEIVING_ACCOUNTS, VOUCHER_MAX_BYTES, VOUCHERS_PER_RECHARGE_MAX, type RechargeStatus } from '@portal/shared/finance';
import {
  decisionInput,
  idBody,
  rechargeEditInput,
  rechargeInput,
  rechargeListBody,
  rechargeRecord,
  rechargeReviewPreview,
  reversalInput,
  voucherRecord,
  type RechargeRecord,
} from '@portal/shared/finance-schemas';
import { RECHARGE_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { RECHARGE_ACTION_TEXTS, rechargeExportTexts } from '@portal/shared/messages-recharge';
import { rateApplications, recharges, vouchers } from '../../db/schema/finance.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';
import { caller, merchant, platform, requirePermission } from '../../plugins/auth.ts';
import { pageOf } from '../../lib/list.ts';
import { assertExportSize, DEFAULT_EXPORT_TIME_ZONE, keysetBatches, sendXlsx } from '../../lib/xlsx.ts';
import { conversionLegs, PLATFORM_TENANT, platformLeg, walletLeg, type Leg } from './ledger/model.ts';
import { financeNo, type Tx } from './ledger/repository.ts';
import { idempotencyKey, once, post, reverse } from './ledger/service.ts';
import { applicationRate, currentRate } from './rates.ts';
import { rechargeColumns, type RechargeExportRow } from './recharge-export.ts';
import { emptyQuery, rechargeExportQuery, rechargeReviewExportQuery, voucherParams } from './recharge-schemas.ts';
import { converted, findRecharge, rateBook, rechargeExportBatch, rechargePage, rechargeWhere, toRechargeRecords, type RechargeFilters } from './recharge-store.ts';
import { displayNameOf, sendVoucher, storedNameOf, uploadedVoucher, VOUCHER_LIMIT_TEXT, voucherTypeOf } from './recharge-voucher.ts';
import { walletCaller } from './access.ts';
import { amountText, minorOf } from './money.ts';

/*
 * Recharges (docs/finance.md): the merchant drafts and submits a bank transfer with its vouchers
 * (/platform-api/finance/virtualWallet/recharge/*); platform finance reviews it, and only its
 * confirmation posts money: at the rate of that moment, or the merchant's approved rate application.
 */

const PERMISSIONS = {
  list: 'wallet:recharge:list',
  add: 'wallet:recharge:add',
  edit: 'wallet:recharge:edit',
  submit: 'wallet:recharge:submit',
  delete: 'wallet:recharge:delete',
  export: 'wallet:recharge:export',
  reviewList: 'finance:recharge-review:list',
  reviewExport: 'finance:recharge-review:export',
  approve: 'finance:recharge-review:approve',
  reject: 'finance:recharge-review:reject',
  reverse: 'finance:recharge-review:reverse',
} as const;

type RechargeFields = z.output<typeof rechargeInput>;

const notInStatus = (row: { rechargeNo: string; status: RechargeStatus }, action: keyof typeof RECHARGE_ACTION_TEXTS) =>
  conflict('financeRecordNotInStatus', { record: row.rechargeNo, status: RECHARGE_STATUS_TEXTS[row.status], action: RECHARGE_ACTION_TEXTS[action] });

/** The recharge row locked for the rest of the transaction: two decisions or edits never both pass. */
async function lockRecharge(tx: Tx, id: number, tenantId: number | null) {
  const [row] = await tx
    .select()
    .from(recharges)
    .where(and(eq(recharges.id, id), tenantId === null ? undefined : eq(recharges.tenantId, tenantId)))
    .for('update');
  return row;
}

/**
 * The rules of a recharge as the merchant saves it: the amount in its currency's scale, a receiving
 * account in the transfer currency, a rate for a conversion (today's, or an approved application of
 * the tenant for exactly this pair and at least this amount), and the tenant's own free vouchers.
 */
async function checkedRecharge(tx: Tx, tenantId: number, input: RechargeFields, rechargeId: number | null) {
  const amount = minorOf('transferAmount', input.transferAmount, input.transferCurrency);
  const account = must(
    RECEIVING_ACCOUNTS.find((candidate) => candidate.code === input.receivingAccountCode),
    'receiving account',
  );
  if (account.currency !== input.transferCurrency) {
    throw badRequest('rechargeAccountCurrency', { field: 'receivingAccountCode', account: account.code, accountCurrency: account.currency, currency: input.transferCurrency });
  }
  const from = input.transferCurrency;
  const to = input.receivedCurrency;
  if (from === to) {
    if (input.rateApplyId !== undefined) throw badRequest('rechargeRateApplyNotNeeded', { field: 'rateApplyId' });
  } else if (input.rateApplyId !== undefined) {
    if (!(await applicationRate(tx, tenantId, input.rateApplyId, from, to))) throw conflict('rechargeRateApplyInvalid', { id: input.rateApplyId, from, to });
    const [application] = await tx.select({ applyNo: rateApplications.applyNo, amount: rateApplications.amount }).from(rateApplications).where(eq(rateApplications.id, input.rateApplyId));
    const granted = must(application, 'rate application');
    if (amount > granted.amount) {
      throw conflict('rechargeRateApplyExceeded', { amount: amountText(amount, from), limit: amountText(granted.amount, from), applyNo: granted.applyNo });
    }
  } else if (!(await currentRate(tx, from, to))) {
    throw conflict('rateNotFound', { from, to });
  }

  const voucherIds = [...new Set(input.voucherIds)];
  if (voucherIds.length > VOUCHERS_PER_RECHARGE_MAX) throw badRequest('validationTooBig', { field: 'voucherIds', max: String(VOUCHERS_PER_RECHARGE_MAX) });
  if (!input.draft && voucherIds.length === 0) throw badRequest('rechargeVoucherRequired');
  if (voucherIds.length > 0) {
    // locked: a voucher two recharges race for goes to one of them
    const found = await tx
      .select({ id: vouchers.id, rechargeId: vouchers.rechargeId })
      .from(vouchers)
      .where(and(inArray(vouchers.id, voucherIds), eq(vouchers.tenantId, tenantId)))
      .for('update');
    const missing = voucherIds.find((id) => !found.some((voucher) => voucher.id === id));
    if (missing !== undefined) throw notFound('rechargeVoucherNotFound', { id: missing });
    const taken = found.find((voucher) => voucher.rechargeId !== null && voucher.rechargeId !== rechargeId);
    if (taken) {
      const [owner] = await tx
        .select({ rechargeNo: recharges.rechargeNo })
        .from(recharges)
        .where(eq(recharges.id, must(taken.rechargeId, 'voucher recharge')));
      throw conflict('rechargeVoucherTaken', { id: taken.id, rechargeNo: owner?.rechargeNo ?? '' });
    }
  }

  const submitted = !input.draft;
  return {
    voucherIds,
    values: {
      status: (submitted ? 'SUBMITTED' : 'DRAFT') as RechargeStatus,
      transferCurrency: from,
      transferAmount: amount,
      receivedCurrency: to,
      rateApplyId: input.rateApplyId ?? null,
      payerName: input.payerName,
      payerAccount: input.payerAccount,
      receivingAccountCode: account.code,
      transferredAt: input.transferredAt ? new Date(input.transferredAt) : null,
      remark: input.remark,
      updatedAt: sql`now()`,
    },
  };
}

/** Attaches exactly `voucherIds` to the recharge, detaching the ones it no longer lists. */
async function attachVouchers(tx: Tx, rechargeId: number, voucherIds: number[]): Promise<void> {
  await tx
    .update(vouchers)
    .set({ rechargeId: null })
    .where(and(eq(vouchers.rechargeId, rechargeId), voucherIds.length > 0 ? notInArray(vouchers.id, voucherIds) : undefined));
  if (voucherIds.length > 0) await tx.update(vouchers).set({ rechargeId }).where(inArray(vouchers.id, voucherIds));
}

async function recordOf(tx: Tx, id: number, tenantId: number | null): Promise<RechargeRecord> {
  const [record] = await toRechargeRecords(tx, [must(await findRecharge(tx, id, tenantId), 'recharge')]);
  return must(record, 'recharge record');
}

export const rechargeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // uploads only here (this plugin's own context): one voucher, no larger than VOUCHER_MAX_BYTES
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: VOUCHER_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 100 } });

  const list = async (tenantId: number | null, body: z.output<typeof rechargeListBody>) => {
    const where = rechargeWhere(tenantId, body);
    const [rows, counted] = await Promise.all([rechargePage(db, where, body), db.select({ total: sql<number>`count(*)::int` }).from(recharges).where(where)]);
    return pageOf(await toRechargeRecords(db, rows), Number(counted[0]?.total ?? 0), body.pageNo, body.pageSize);
  };

  const exportXls = async (request: FastifyRequest, reply: FastifyReply, tenantId: number | null, filters: RechargeFilters & { timeZone?: string }, review: boolean) => {
    const { timeZone = DEFAULT_EXPORT_TIME_ZONE, ...query } = filters;
    const where = rechargeWhere(tenantId, query);
    const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(recharges).where(where);
    assertExportSize(Number(counted?.total ?? 0));
    const rateOf = rateBook(db);
    return sendXlsx(reply, {
      title: (review ? rechargeExportTexts.reviewTitle : rechargeExportTexts.title)[request.lang],
      asciiTitle: review ? 'recharge-review' : 'recharges',
      timeZone,
      columns: rechargeColumns(request.lang, timeZone, review),
      batches: keysetBatches(async (after, limit): Promise<RechargeExportRow[]> => {
        const rows = await rechargeExportBatch(db, where, after, limit);
        const records = await toRechargeRecords(db, rows, rateOf);
        return rows.map((row, index) => ({ id: row.id, cursorTime: row.cursorTime, record: must(records[index], 'record') }));
      }),
    });
  };

  // ------------------------------------------------------------------ merchant

  app.post(
    '/finance/virtualWallet/recharge/list',
    {
      config: merchant(PERMISSIONS.list),
      schema: {
        tags: ['wallet'],
        summary: "The caller tenant's recharges, newest first (`order: 'asc'` oldest first); filters on status, number (exact or its start), currency, initiator and time",
        body: rechargeListBody,
        response: { 200: envelopeSchema(pageSchema(rechargeRecord)) },
      },
    },
    async (request) => {
      const { tenantId } = walletCaller(request);
      // a merchant sees its own tenant only: naming one is a mistake, not a filter
      if (request.body.tenantId !== undefined) throw badRequest('validationUnknownField', { field: 'tenantId' });
      return request.ok(await list(tenantId, request.body));
    },
  );

  app.post(
    '/finance/virtualWallet/recharge/details',
    {
      config: merchant(PERMISSIONS.list),
      schema: { tags: ['wallet'], summary: 'One recharge of the caller tenant with its vouchers', body: idBody, response: { 200: envelopeSchema(rechargeRecord) } },
    },
    async (request) => {
      const { tenantId } = walletCaller(request);
      const row = await findRecharge(db, request.body.id, tenantId);
      if (!row) throw notFound();
      return request.ok(must((await toRechargeRecords(db, [row]))[0], 'record'));
    },
  );

  app.post(
    '/finance/virtualWallet/recharge/submit',
    {
      config: merchant(PERMISSIONS.add, PERMISSIONS.submit),
      schema: {
        tags: ['wallet'],
        summary: 'A new recharge: a draft (`draft: true`), or submitted for review (`draft: false`, needs wallet:recharge:submit and at least one voucher). Idempotency-Key required',
        body: rechargeInput,
        response: { 200: envelopeSchema(rechargeRecord) },
      },
    },
    async (request) => {
      const { tenantId, userId } = walletCaller(request);
      const body = request.body;
      if (!body.draft) await requirePermission(request, PERMISSIONS.submit);
      const key = idempotencyKey(request);
      const record = await once(db, { tenantId, userId, key, route: 'recharge/submit', body }, async (tx) => {
        const { values, voucherIds } = await checkedRecharge(tx, tenantId, body, null);
        const [created] = await tx
          .insert(recharges)
          .values({
            ...values,
            tenantId,
            rechargeNo: financeNo('RC'),
            createdBy: userId,
            submittedBy: body.draft ? null : userId,
            submittedAt: body.draft ? null : sql`now()`,
          })
          .returning({ id: recharges.id });
        const id = must(created, 'recharge').id;
        await attachVouchers(tx, id, voucherIds);
        return recordOf(tx, id, tenantId);
      });
      return request.ok(record);
    },
  );

  app.post(
    '/finance/virtualWallet/recharge/edit',
    {
      config: merchant(PERMISSIONS.edit, PERMISSIONS.submit),
      schema: {
        tags: ['wallet'],
        summary: 'Replaces a draft (its fields and its vouchers); `draft: false` submits it (needs wallet:recharge:submit). Other statuses are 409. Idempotency-Key required',
        body: rechargeEditInput,
        response: { 200: envelopeSchema(rechargeRecord) },
      },
    },
    async (request) => {
      const { tenantId, userId } = walletCaller(request);
      const { id, ...body } = request.body;
      if (!body.draft) await requirePermission(request, PERMISSIONS.submit);
      const key = idempotencyKey(request);
      const record = await once(db, { tenantId, userId, key, route: 'recharge/edit', body: request.body }, async (tx) => {
        const row = await lockRecharge(tx, id, tenantId);
        if (!row) throw notFound();
        if (row.status !== 'DRAFT') throw notInStatus(row, 'edit');
        const { values, voucherIds } = await checkedRecharge(tx, tenantId, body, id);
        await tx
          .update(recharges)
          .set({ ...values, submittedBy: body.draft ? null : userId, submittedAt: body.draft ? null : sql`now()` })
          .where(eq(recharges.id, id));
        await attachVouchers(tx, id, voucherIds);
        return recordOf(tx, id, tenantId);
      });
      return request.ok(record);
    },
  );

  app.post(
    '/finance/virtualWallet/deleteRechargeRecord',
    {
      config: merchant(PERMISSIONS.delete),
      schema: { tags: ['wallet'], summary: 'Deletes a draft recharge and its vouchers; other statuses are 409', body: idBody, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      const { tenantId } = walletCaller(request);
      await db.transaction(async (tx) => {
        const row = await lockRecharge(tx, request.body.id, tenantId);
        if (!row) throw notFound();
        if (row.status !== 'DRAFT') throw notInStatus(row, 'delete');
        await tx.delete(vouchers).where(eq(vouchers.rechargeId, row.id));
        await tx.delete(recharges).where(eq(recharges.id, row.id));
      });
      return request.ok(null);
    },
  );

  app.post(
    '/finance/virtualWallet/recharge/credentials',
    {
      config: merchant(PERMISSIONS.add),
      schema: {
        tags: ['wallet'],
        summary: `Uploads one bank voucher (multipart/form-data, field "file"): PNG, JPEG, WebP or PDF as its content shows, at most ${VOUCHER_LIMIT_TEXT}. Answers its id for voucherIds`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(voucherRecord) },
      },
    },
    async (request) => {
      const { tenantId, userId } = walletCaller(request);
      const upload = await uploadedVoucher(request);
      const type = voucherTypeOf(upload.content);
      if (!type) throw badRequest('voucherTypeRefused');
      const storedName = storedNameOf(type);
      const [created] = await db
        .insert(vouchers)
        .values({ tenantId, storedName, originalName: displayNameOf(upload.filename, storedName), mimeType: type, size: upload.content.length, content: upload.content, createdBy: userId })
        .returning({ id: vouchers.id, name: vouchers.originalName, mimeType: vouchers.mimeType, size: vouchers.size });
      return request.ok(must(created, 'voucher'));
    },
  );

  const voucherFile = (id: number, tenantId: number | null) =>
    db
      .select({ storedName: vouchers.storedName, originalName: vouchers.originalName, mimeType: vouchers.mimeType, content: vouchers.content })
      .from(vouchers)
      .where(and(eq(vouchers.id, id), tenantId === null ? undefined : eq(vouchers.tenantId, tenantId)));

  app.get(
    '/finance/virtualWallet/recharge/credentials/:id',
    {
      config: merchant(PERMISSIONS.list),
      schema: { tags: ['wallet'], summary: "Downloads (views) one of the caller tenant's bank vouchers", params: voucherParams, querystring: emptyQuery },
    },
    async (request, reply) => {
      const { tenantId } = walletCaller(request);
      const [voucher] = await voucherFile(request.params.id, tenantId);
      if (!voucher) throw notFound();
      return sendVoucher(reply, voucher);
    },
  );

  app.get(
    '/finance/virtualWallet/recharge/exportXls',
    {
      config: merchant(PERMISSIONS.export),
      schema: {
        tags: ['wallet'],
        summary: "The caller tenant's filtered recharges as an Excel file (xlsx) in the caller's language, newest first",
        querystring: rechargeExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => exportXls(request, reply, walletCaller(request).tenantId, request.query, false),
  );

  // ------------------------------------------------------------------ platform

  app.post(
    '/finance/review/recharge/list',
    {
      config: platform(PERMISSIONS.reviewList),
      schema: {
        tags: ['wallet'],
        summary: "Every tenant's recharges (or one tenant's with tenantId) with the tenant name, newest first",
        body: rechargeListBody,
        response: { 200: envelopeSchema(pageSchema(rechargeRecord)) },
      },
    },
    async (request) => request.ok(await list(request.body.tenantId ?? null, request.body)),
  );

  app.get(
    '/finance/review/recharge/exportXls',
    {
      config: platform(PERMISSIONS.reviewExport),
      schema: {
        tags: ['wallet'],
        summary: "Every tenant's filtered recharges as an Excel file (xlsx) in the caller's language, newest first",
        querystring: rechargeReviewExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { tenantId, ...filters } = request.query;
      return exportXls(request, reply, tenantId ?? null, filters, true);
    },
  );

  app.get(
    '/finance/review/recharge/credentials/:id',
    {
      config: platform(PERMISSIONS.reviewList),
      schema: { tags: ['wallet'], summary: 'Downloads (views) a bank voucher of any tenant', params: voucherParams, querystring: emptyQuery },
    },
    async (request, reply) => {
      const [voucher] = await voucherFile(request.params.id, null);
      if (!voucher) throw notFound();
      return sendVoucher(reply, voucher);
    },
  );

  app.post(
    '/finance/virtualWallet/recharge/confirm',
    {
      config: platform(PERMISSIONS.reviewList),
      schema: {
        tags: ['wallet'],
        summary: 'The review preview: the recharge with its vouchers, the rate confirming now would use and the amount it would credit',
        body: idBody,
        response: { 200: envelopeSchema(rechargeReviewPreview) },
      },
    },
    async (request) => {
      const row = await findRecharge(db, request.body.id, null);
      if (!row) throw notFound();
      const rateOf = rateBook(db);
      const [record] = await toRechargeRecords(db, [row], rateOf);
      const { rate, lapsed } = await rateOf(row);
      const from = row.transferCurrency;
      const to = row.receivedCurrency;
      const reason = !rate ? request.t('rateNotFound', { from, to }) : lapsed ? request.t('rechargeRateApplyLapsed', { applyNo: row.applyNo ?? '' }) : '';
      return request.ok({
        record: must(record, 'record'),
        rate: rate?.rate ?? null,
        inverseRate: rate?.inverseRate ?? null,
        creditAmount: rate ? amountText(converted(row.transferAmount, from, to, rate.rate), to) : null,
        rateApplyNo: rate?.rateApplyId ? row.applyNo : null,
        reason,
      });
    },
  );

  app.post(
    '/finance/virtualWallet/recharge/confirm/submit',
    {
      // a reviewer decides; approving and rejecting each need their own button's permission besides
      config: platform(PERMISSIONS.reviewList, PERMISSIONS.approve, PERMISSIONS.reject),
      schema: {
        tags: ['wallet'],
        summary:
          'Confirms a submitted recharge (finance:recharge-review:approve: posts the money at the rate of the moment or the approved application) or rejects it with a reason (finance:recharge-review:reject). Never by its submitter. Idempotency-Key required',
        body: decisionInput,
        response: { 200: envelopeSchema(rechargeRecord) },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      const body = request.body;
      await requirePermission(request, body.approve ? PERMISSIONS.approve : PERMISSIONS.reject);
      if (!body.approve && !body.reason) throw badRequest('rejectReasonRequired');
      const key = idempotencyKey(request);
      const record = await once(db, { tenantId: PLATFORM_TENANT, userId, key, route: 'recharge/confirm/submit', body }, async (tx) => {
        const row = await lockRecharge(tx, body.id, null);
        if (!row) throw notFound();
        if (row.status !== 'SUBMITTED') throw notInStatus(row, 'decide');
        // four eyes: whoever put the recharge forward never credits it
        if (row.createdBy === userId || row.submittedBy === userId) throw conflict('sameUserDecision');
        const decided = { decidedBy: userId, decidedAt: sql`now()`, updatedAt: sql`now()` };
        if (!body.approve) {
          await tx
            .update(recharges)
            .set({ ...decided, status: 'REJECTED', rejectReason: body.reason })
            .where(eq(recharges.id, row.id));
          return recordOf(tx, row.id, null);
        }
        const from = row.transferCurrency;
        const to = row.receivedCurrency;
        const { rate } = await rateBook(tx)(row);
        if (!rate) throw conflict('rateNotFound', { from, to });
        const amount = row.transferAmount;
        let legs: Leg[];
        let credited: bigint;
        if (from === to) {
          legs = [platformLeg('BANK', from, -amount), walletLeg(row.tenantId, to, amount)];
          credited = amount;
        } else {
          // the money wired into the bank is the source of the conversion: conversionLegs takes it out of BANK itself
          const conversion = conversionLegs({ currency: from, amount, leg: (minor) => platformLeg('BANK', from, minor) },
            { currency: to, leg: (minor) => walletLeg(row.tenantId, to, minor) },
            rate.rate,
          );
          legs = conversion.legs;
          credited = conversion.converted;
        }
        const posted = await post(tx, { tenantId: row.tenantId, kind: 'RECHARGE', refNo: row.rechargeNo, createdBy: userId, memo: body.reason, ...(from === to ? {} : { rate: rate.rate }) }, legs);
        await tx
          .update(recharges)
          .set({ ...decided, status: 'CONFIRMED', receivedAmount: credited, rate: rate.rate, rateApplyId: rate.rateApplyId, journalId: posted.journalId })
          .where(eq(recharges.id, row.id));
        return recordOf(tx, row.id, null);
      });
      return request.ok(record);
    },
  );

  app.post(
    '/finance/virtualWallet/recharge/reverse',
    {
      config: platform(PERMISSIONS.reverse),
      schema: {
        tags: ['wallet'],
        summary: "Posts the exact opposite of a confirmed recharge's journal (409 when the wallet no longer holds the money); the recharge becomes REVERSED. Idempotency-Key required",
        body: reversalInput,
        response: { 200: envelopeSchema(rechargeRecord) },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      const body = request.body;
      const key = idempotencyKey(request);
      const record = await once(db, { tenantId: PLATFORM_TENANT, userId, key, route: 'recharge/reverse', body }, async (tx) => {
        const row = await lockRecharge(tx, body.rechargeId, null);
        if (!row) throw notFound();
        if (row.status !== 'CONFIRMED') throw notInStatus(row, 'reverse');
        await reverse(tx, must(row.journalId, 'recharge journal'), { tenantId: row.tenantId, refNo: row.rechargeNo, createdBy: userId, memo: body.reason });
        await tx.update(recharges).set({ status: 'REVERSED', updatedAt: sql`now()` }).where(eq(recharges.id, row.id));
        return recordOf(tx, row.id, null);
      });
      return request.ok(record);
    },
  );
};
