import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useAuth } from '../../../lib/auth.ts';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { PublishDialog } from './publish-dialog.tsx';

const publish = { mutateAsync: vi.fn(async () => ({ menuId: 1 })), isPending: false, error: null, reset: vi.fn() };
const target = { id: 3, code: 'orders_by_day', path: '/online/report/orders_by_day', titles: { 'zh-TW': '每日訂單', 'zh-CN': '每日订单', 'en-US': 'Orders by day' } };

function render(codes: string[]) {
  useAuth.setState({ permissions: { menu: [], auth: codes.map((action) => ({ action, describe: action, type: '1', status: '1' })), allAuth: [] } });
  const calls = stubFetch(({ url }) => (url.pathname.endsWith('/sys/tenantPackage/list') ? { records: [{ id: 1, name: 'Starter' }], total: 1, current: 1, size: 100, pages: 1 } : []));
  renderUi(<PublishDialog target={target} publish={publish} onClose={() => undefined} />);
  return calls;
}

afterEach(() => {
  cleanup();
  useAuth.setState({ permissions: null });
  vi.unstubAllGlobals();
});

describe('publishing a report or form to the menu', { timeout: 30_000 }, () => {
  it('offers the tenant packages to a holder of their right', async () => {
    const calls = render(['system:online:edit', 'system:tenant-menu:auth']);
    await waitFor(() => expect(screen.getByTestId('publish-packages')).toBeTruthy());
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/sys/tenantPackage/list')).toBe(true));
  });

  it("offers no packages to a designer without their right, nor asks for them (the server would refuse it)", async () => {
    const calls = render(['system:online:edit']);
    await screen.findByTestId('publish-parent');
    expect(screen.queryByTestId('publish-packages')).toBeNull();
    expect(calls.some((call) => call.url.pathname === '/api/sys/tenantPackage/list')).toBe(false);
  });
});
