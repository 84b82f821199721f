import { describe, expect, it } from 'vitest';
import { PUSH_TEST_TYPE, PUSH_TYPE_PERMISSIONS, PUSH_TYPES } from '@portal/shared/open-api';
import { PUSH_EVENT_EXAMPLES } from '@portal/shared/push-events';
import { isDataRuleMenu } from '@portal/shared/system-data-rules';
import { PUSH_TYPE_ROWS, rowOf } from '../../src/modules/push/delivery/model.ts';

/* The row each pushed event is about, which the holder's data rules must show for it to be sent (decision 0029). */
describe('the row a pushed event is about', () => {
  it('is found, numbered, in every event of a type that has one', () => {
    for (const type of Object.keys(PUSH_TYPE_ROWS) as (keyof typeof PUSH_TYPE_ROWS)[]) {
      const row = rowOf(type, PUSH_EVENT_EXAMPLES[type]);
      expect(row, type).toMatchObject({ menu: PUSH_TYPE_ROWS[type].menu });
      expect(row?.number, type).toMatch(/\S/);
    }
  });

  it('is named for every type whose read right is a list a data rule narrows', () => {
    const narrowed = PUSH_TYPES.filter((type) => PUSH_TYPE_PERMISSIONS[type].some((code) => isDataRuleMenu(code)));
    expect(narrowed.length).toBeGreaterThan(0);
    for (const type of narrowed) expect(Object.keys(PUSH_TYPE_ROWS), type).toContain(type);
  });

  it('has no number when the payload lacks it, and is none for the other types', () => {
    expect(rowOf('ORDER_STATUS', { status: 'SHIPPED' })).toEqual({ menu: 'logistics:order:list', field: 'orderNo', number: null });
    expect(rowOf('PARCEL_WHIN', null)).toMatchObject({ number: null });
    expect(rowOf('REFUND_RESULT', { refundNo: 42 })).toMatchObject({ number: null });
    for (const type of ['PICKUP_STATUS', 'EXCEPTION', 'PURCHASE_STATUS', 'WALLET_CHANGE', PUSH_TEST_TYPE] as const) expect(rowOf(type, PUSH_EVENT_EXAMPLES[type]), type).toBeNull();
  });
});
