import type { Page } from '@portal/shared/api';
import type { PurchaseOrderRecord } from '@portal/shared/purchasing-schemas';
import type { Db } from '../../../../db/client.ts';
import { notFound } from '../../../../lib/errors.ts';
import { purchaseOrderPage, type PurchaseOrderFilters } from '../../../purchase/purchase-order/repository.ts';
import type { ApiKeyCaller } from '../../access/service.ts';

/*
 * The open API's purchase orders: the merchant list's own query (modules/purchase/purchase-order), in the
 * key's tenant, of every platform, without the tenant columns the platform's screens show.
 */

type OpenPurchaseOrder = Omit<PurchaseOrderRecord, 'tenantId' | 'tenantName'>;
function open(record: PurchaseOrderRecord): OpenPurchaseOrder {
  const copy: OpenPurchaseOrder & { tenantId?: number; tenantName?: string } = { ...record };
  delete copy.tenantId;
  delete copy.tenantName;
  return copy;
}

type Query = Omit<PurchaseOrderFilters, 'tenantId' | 'platform'> & { pageNo: number; pageSize: number; order?: 'asc' | 'desc' };

export async function openPurchasePage(db: Db, caller: ApiKeyCaller, query: Query): Promise<Page<OpenPurchaseOrder>> {
  const { pageNo, pageSize, order, ...filters } = query;
  const page = await purchaseOrderPage(db, { ...filters, tenantId: caller.tenantId }, { pageNo, pageSize, ...(order ? { order } : {}), column: 'createdAt' });
  return { ...page, records: page.records.map(open) };
}

export async function openPurchaseByNo(db: Db, caller: ApiKeyCaller, purchaseNo: string): Promise<OpenPurchaseOrder> {
  const page = await purchaseOrderPage(db, { tenantId: caller.tenantId, purchaseNo }, { pageNo: 1, pageSize: 10 });
  const found = page.records.find((record) => record.purchaseNo === purchaseNo);
  if (!found) throw notFound();
  return open(found);
}
