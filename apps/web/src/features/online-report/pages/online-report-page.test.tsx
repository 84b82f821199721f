import { describe, expect, it } from 'vitest';
import { reportCodeOf } from './online-report-page.tsx';

describe('the online report page reads its report from the menu path', () => {
  it('takes the last segment of /online/cgreport/<code>', () => {
    expect(reportCodeOf('/online/cgreport/order_picker')).toBe('order_picker');
    expect(reportCodeOf('/online/cgreport/sales_2026/')).toBe('sales_2026');
  });

  it('refuses a segment that is not a report code', () => {
    expect(reportCodeOf('/online/cgreport/')).toBeNull();
    expect(reportCodeOf('/online/cgreport/Order-Picker')).toBeNull();
    expect(reportCodeOf('/online/cgreport/..%2F')).toBeNull();
  });
});
