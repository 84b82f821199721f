import type { DATA_RULE_RESOURCES, DataRuleResource } from '@portal/shared/system-data-rules';
import { orders, parcels } from '../../../db/schema/logistics.ts';
import { payments, recharges, refunds } from '../../../db/schema/finance.ts';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldExpression } from './model.ts';

/*
 * The allow-list of each wired resource: the expression every field a rule may name compiles to. The field
 * names and types are the shared contract's (DATA_RULE_RESOURCES); `satisfies` keeps the two in step.
 */

const column = (c: AnyPgColumn): FieldExpression => ({ kind: 'column', column: c });
const creatorDepartment = (creator: AnyPgColumn): FieldExpression => ({ kind: 'creatorDepartment', creator });

export const RESOURCE_FIELDS = {
  orders: {
    createdBy: column(orders.createdBy),
    creatorDepartment: creatorDepartment(orders.createdBy),
    status: column(orders.status),
    destinationCountry: column(orders.destinationCountry),
    warehouseCode: column(orders.warehouseCode),
    serviceType: column(orders.serviceType),
    itemQuantity: column(orders.itemQuantity),
    createdAt: column(orders.createdAt),
  },
  parcels: {
    status: column(parcels.status),
    warehouseCode: column(parcels.warehouseCode),
    trackingNo: column(parcels.trackingNo),
    weight: column(parcels.weight),
    createdAt: column(parcels.createdAt),
    storageTime: column(parcels.storageTime),
  },
  recharges: {
    createdBy: column(recharges.createdBy),
    creatorDepartment: creatorDepartment(recharges.createdBy),
    status: column(recharges.status),
    transferCurrency: column(recharges.transferCurrency),
    createdAt: column(recharges.createdAt),
  },
  payments: {
    createdBy: column(payments.createdBy),
    creatorDepartment: creatorDepartment(payments.createdBy),
    status: column(payments.status),
    currency: column(payments.currency),
    createdAt: column(payments.createdAt),
  },
  refunds: {
    createdBy: column(refunds.createdBy),
    creatorDepartment: creatorDepartment(refunds.createdBy),
    status: column(refunds.status),
    currency: column(refunds.currency),
    createdAt: column(refunds.createdAt),
  },
} as const satisfies { [R in DataRuleResource]: Record<keyof (typeof DATA_RULE_RESOURCES)[R], FieldExpression> };

/**
 * Each resource's table and the number that names one of its rows in a tenant (unique there): what a message
 * about a row carries, so that the row can be found under a holder's rules (decision 0029).
 */
export const RESOURCE_ROWS = {
  orders: { table: orders, tenantId: orders.tenantId, number: orders.orderNo },
  parcels: { table: parcels, tenantId: parcels.tenantId, number: parcels.trackingNo },
  recharges: { table: recharges, tenantId: recharges.tenantId, number: recharges.rechargeNo },
  payments: { table: payments, tenantId: payments.tenantId, number: payments.paymentNo },
  refunds: { table: refunds, tenantId: refunds.tenantId, number: refunds.refundNo },
} as const satisfies { [R in DataRuleResource]: { table: PgTable; tenantId: AnyPgColumn; number: AnyPgColumn } };
