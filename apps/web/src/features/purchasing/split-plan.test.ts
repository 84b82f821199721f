import { describe, expect, it } from 'vitest';
import { line } from './test/purchasing-fixtures.ts';
import { addOrder, initialPlan, planOrders, planProblems, removeOrder, setQuantity } from './split-plan.ts';

const LINES = [line({ id: 11, lineNo: 1, sellerId: 'S1', quantity: 2 }), line({ id: 12, lineNo: 2, sellerId: 'S2', quantity: 1 }), line({ id: 13, lineNo: 3, sellerId: 'S1', quantity: 3 })];

describe('the split plan', () => {
  it('starts with one order per seller holding its lines in full', () => {
    const plan = initialPlan(LINES);
    expect(plan.map((order) => order.sellerId)).toEqual(['S1', 'S2']);
    expect(planProblems(LINES, plan)).toEqual([]);
    expect(planOrders(plan)).toEqual([{ lines: [{ lineId: 11, quantity: 2 }, { lineId: 13, quantity: 3 }] }, { lines: [{ lineId: 12, quantity: 1 }] }]);
  });

  it('reports a line short or over, and leaves empty orders out of the request', () => {
    let plan = addOrder(initialPlan(LINES), 'S1');
    expect(planOrders(plan)).toHaveLength(2);
    plan = setQuantity(plan, 3, 11, 1);
    expect(planProblems(LINES, plan)).toEqual([{ lineNo: 1, left: -1 }]);
    plan = setQuantity(plan, 1, 11, 0);
    expect(planProblems(LINES, plan)).toEqual([{ lineNo: 1, left: 1 }]);
    plan = removeOrder(plan, 3);
    expect(planProblems(LINES, plan)).toEqual([{ lineNo: 1, left: 2 }]);
  });
});
