import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiFigures, ApiStatistics, PushFigures, PushStatistics } from '@portal/shared/usage-statistics';
import { changeLanguage } from '../../../lib/i18n.ts';
import { dictOption, inEnglish, signIn } from '../../../test/fixtures.ts';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { localToday } from '../range-rules.ts';
import { ApiStatisticsPage } from './api-statistics-page.tsx';
import { MessagePushStatisticsPage } from './message-push-statistics-page.tsx';

const today = localToday();
const apiFigures = (calls: number, errors: number, p50: number | null, p95: number | null): ApiFigures => ({
  calls,
  clientErrors: errors,
  serverErrors: 0,
  throttled: 0,
  errorRate: calls === 0 ? 0 : errors / calls,
  avgMs: p50,
  p50Ms: p50,
  p95Ms: p95,
});
const apiStats: ApiStatistics = {
  begin: today,
  end: today,
  totals: apiFigures(12_345, 123, 12.5, 145),
  days: [{ date: today, ...apiFigures(12_345, 123, 12.5, 145) }],
  keys: [{ keyId: 7, keyName: 'ERP', ...apiFigures(12_345, 123, 12.5, 145) }],
  apiTypes: [{ apiType: 'ORDER_QUERY', ...apiFigures(12_000, 100, 10, 20) }, { apiType: 'OTHER', ...apiFigures(345, 23, 1, 2) }],
};
const pushFigures = (deliveries: number, failed: number): PushFigures => ({
  deliveries,
  succeeded: deliveries - failed,
  failed,
  pending: 0,
  successRate: deliveries === 0 ? null : (deliveries - failed) / deliveries,
  attempts: deliveries + failed,
  failedAttempts: failed,
  avgLatencyMs: 120,
  p95LatencyMs: 480,
});
const pushStats = (failed: number, refused = 0): PushStatistics => ({
  begin: today,
  end: today,
  totals: pushFigures(40, failed),
  days: [{ date: today, ...pushFigures(40, failed) }],
  endpoints: [{ endpointId: 3, url: 'https://erp.example.com/hooks', enabled: true, ...pushFigures(40, failed) }],
  reasons: [{ outcome: 'TIMEOUT', attempts: failed }],
  refusals: [{ refusal: 'ENDPOINT_DISABLED', deliveries: refused }],
});

describe('the statistics pages of the open API', { timeout: 30_000 }, () => {
  beforeAll(() => inEnglish('statistics'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('API statistics: totals, operations by their dictionary text, and a key filter sent to the server', async () => {
    signIn(['statistics:api:list'], { ApiTypeEnum: [dictOption('ORDER_QUERY', 'Query order')] });
    const calls = stubFetch((call) => (call.url.pathname.endsWith('/keys') ? [{ id: 7, name: 'ERP', revoked: false }, { id: 8, name: 'Old shop', revoked: true }] : apiStats));
    renderUi(<ApiStatisticsPage />);
    expect((await screen.findByTestId('total-calls')).textContent).toContain('12,345');
    expect(screen.getByTestId('total-errorRate').textContent).toContain('1.00 %');
    expect(screen.getByTestId('total-p95Ms').textContent).toContain('145 ms');
    const types = screen.getByTestId('api-types-table');
    expect(within(types).getByText('Query order')).toBeTruthy();
    expect(within(types).getByText('Other')).toBeTruthy();
    // today by default
    const first = calls.find((call) => call.url.pathname === '/api/statistics/api')!;
    expect(first.url.searchParams.get('begin')).toBe(today);
    expect(first.url.searchParams.get('end')).toBe(today);
    // export needs its own permission
    expect(screen.queryByTestId('export-button')).toBeNull();

    fireEvent.mouseDown(within(screen.getByTestId('key-select')).getByRole('combobox'));
    await userEvent.click(await screen.findByText('Old shop (revoked)'));
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/statistics/api' && call.url.searchParams.get('keyId') === '8')).toBe(true));
  });

  it('push statistics: "retry failed" posts the range shown, 00:00:00 to 23:59:59, after a confirmation', async () => {
    signIn(['statistics:push:list', 'statistics:push:retry', 'statistics:push:export']);
    const calls = stubFetch((call) => {
      if (call.url.pathname.endsWith('/endpoints')) return [{ id: 3, url: 'https://erp.example.com/hooks', enabled: true }];
      if (call.method === 'POST') return { replayed: 2 };
      return pushStats(2);
    });
    renderUi(<MessagePushStatisticsPage />);
    expect((await screen.findByTestId('total-successRate')).textContent).toContain('95.00 %');
    expect(within(screen.getByTestId('push-endpoints-table')).getByText('https://erp.example.com/hooks')).toBeTruthy();
    expect(screen.getByTestId('export-button')).toBeTruthy();
    await userEvent.click(screen.getByTestId('retry-failed'));
    // nothing is sent before the confirmation
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/push/deliveries/replay-failed');
    const body = post.body as { from: string; to: string; endpointId?: number };
    expect(body.from).toMatch(new RegExp(`^${today}T00:00:00[+-]\\d{2}:\\d{2}$`));
    expect(body.to).toMatch(new RegExp(`^${today}T23:59:59[+-]\\d{2}:\\d{2}$`));
    expect(body.endpointId).toBeUndefined();
  });

  it('push statistics: no retry without its permission, and none to do without failures', async () => {
    signIn(['statistics:push:list']);
    stubFetch((call) => (call.url.pathname.endsWith('/endpoints') ? [] : pushStats(0)));
    renderUi(<MessagePushStatisticsPage />);
    expect((await screen.findByTestId('total-deliveries')).textContent).toContain('40');
    expect(screen.queryByTestId('retry-failed')).toBeNull();
    cleanup();
    signIn(['statistics:push:list', 'statistics:push:retry']);
    renderUi(<MessagePushStatisticsPage />);
    await screen.findByTestId('total-deliveries');
    await waitFor(() => expect((screen.getByTestId('retry-failed') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText('No failures in this range')).toBeTruthy();
  });

  it('push statistics: deliveries refused before sending count as failures, though they have no attempt', async () => {
    signIn(['statistics:push:list']);
    stubFetch((call) => (call.url.pathname.endsWith('/endpoints') ? [] : pushStats(0, 3)));
    renderUi(<MessagePushStatisticsPage />);
    await screen.findByTestId('total-deliveries');
    expect(await screen.findByTestId('push-reasons-chart')).toBeTruthy();
    expect(screen.queryByText('No failures in this range')).toBeNull();
  });
});
