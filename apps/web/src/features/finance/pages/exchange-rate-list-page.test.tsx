import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { pageOf, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { callsTo, rate, signInWith } from '../test/finance-fixtures.ts';
import { ExchangeRateListPage } from './exchange-rate-list-page.tsx';

const LIST = '/api/finance/exchangeRate/list';
const current = rate({ id: 2, rate: '7.2345', current: true, effectiveFrom: '2026-03-01T00:00:00.000Z' });
const history = rate({ id: 1, rate: '7.1000', inverseRate: '0.1408450704', current: false, effectiveFrom: '2026-02-01T00:00:00.000Z' });
const scheduled = rate({ id: 3, rate: '7.3000', inverseRate: '0.1369863014', current: false, effectiveFrom: dayjs().add(3, 'day').toISOString() });

const rowOf = async (rateText: string) => (await screen.findByText(rateText)).closest('tr')!;

describe('the exchange rate table (platform)', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('finance'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('tags the rate applying now as current, a later one as scheduled, and offers to delete only the scheduled one', async () => {
    signInWith(['finance:exchange-rate:list', 'finance:exchange-rate:delete']);
    stubFetch(() => pageOf([scheduled, current, history]));
    renderUi(<ExchangeRateListPage />);
    const currentRow = await rowOf('7.2345');
    expect(within(currentRow).getByTestId('rate-current').textContent).toBe('Current');
    expect(within(currentRow).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(currentRow).getByText('0.1382265533')).toBeTruthy();

    const historyRow = await rowOf('7.1000');
    expect(within(historyRow).queryByTestId('rate-current')).toBeNull();
    expect(within(historyRow).queryByTestId('rate-scheduled')).toBeNull();
    expect(within(historyRow).queryByRole('button', { name: 'Delete' })).toBeNull();

    const scheduledRow = await rowOf('7.3000');
    expect(within(scheduledRow).queryByTestId('rate-current')).toBeNull();
    expect(within(scheduledRow).getByTestId('rate-scheduled').textContent).toBe('Scheduled');
    expect(within(scheduledRow).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('asks the server for the current rates only when the switch is on', async () => {
    signInWith(['finance:exchange-rate:list']);
    const calls = stubFetch(({ body }) => ((body as { currentOnly?: boolean }).currentOnly ? pageOf([current]) : pageOf([scheduled, current, history])));
    renderUi(<ExchangeRateListPage />);
    await rowOf('7.1000');
    await userEvent.click(screen.getByRole('switch', { name: 'Current rates only' }));
    await waitFor(() => expect(screen.queryByText('7.1000')).toBeNull());
    expect(within(await rowOf('7.2345')).getByTestId('rate-current')).toBeTruthy();
    expect(callsTo(calls, LIST).map((call) => call.body)).toEqual([
      { pageNo: 1, pageSize: 10 },
      { pageNo: 1, pageSize: 10, currentOnly: true },
    ]);
  });

  it('offers the next rate of a pair on its current row, in the add dialog with the pair chosen', async () => {
    signInWith(['finance:exchange-rate:list', 'finance:exchange-rate:add']);
    const hkd = rate({ id: 4, baseCurrency: 'HKD', quoteCurrency: 'TWD', rate: '4.096016', inverseRate: '0.2441396713', current: true });
    stubFetch(() => pageOf([scheduled, current, history, hkd]));
    renderUi(<ExchangeRateListPage />);
    expect(within(await rowOf('7.1000')).queryByTestId('rate-new-for-pair')).toBeNull();
    expect(within(await rowOf('7.3000')).queryByTestId('rate-new-for-pair')).toBeNull();
    await userEvent.click(within(await rowOf('4.096016')).getByRole('button', { name: 'Set next rate' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add an exchange rate')).toBeTruthy();
    const chosen = (label: string) => within(dialog).getByLabelText(label).closest('.ant-form-item')?.textContent;
    expect(chosen('Base currency')).toContain('HKD');
    expect(chosen('Quote currency')).toContain('TWD');
  });
});

