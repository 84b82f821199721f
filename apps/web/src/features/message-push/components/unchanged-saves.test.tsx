import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PushEndpointRecord } from '@portal/shared/push-endpoints';
import { changeLanguage } from '../../../lib/i18n.ts';
import { dictOption, inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { EndpointFormDrawer } from './endpoint-form-drawer.tsx';

/*
 * An endpoint opened and saved without a change: the address, description and events as stored (in the order
 * stored, not the form's), and a disabled one stays disabled (enabling it clears why it was switched off).
 */

const ENDPOINT: PushEndpointRecord = {
  id: 7,
  url: 'https://erp.example.com/hooks/portal?source=portal',
  description: 'Our ERP',
  eventTypes: ['TRACKING_EVENT', 'ORDER_STATUS'],
  enabled: false,
  disabledReason: 'FAILING',
  disabledAt: '2026-11-27T08:00:00.000Z',
  failingSince: '2026-11-24T08:00:00.000Z',
  previousSecretUntil: null,
  holder: 'merchant',
  holderState: 'ACTIVE',
  unheldTypes: [],
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
};

describe('a push endpoint saved unchanged is sent as it is', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('message-push'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('address, description, events and a switched-off state', async () => {
    signIn(['config:push:edit'], { PushTypeEnum: [dictOption('ORDER_STATUS', 'Order status change'), dictOption('TRACKING_EVENT', 'Tracking update')] });
    const calls = stubFetch((call) => (call.url.pathname.endsWith('/config/push-endpoint/edit') ? ENDPOINT : new Response(null, { status: 404 })));
    const onClose = vi.fn();
    renderUi(<EndpointFormDrawer open endpoint={ENDPOINT} onClose={onClose} onSecret={vi.fn()} />);
    await waitFor(() => expect((screen.getByTestId('push-endpoint-url') as HTMLInputElement).value).toBe(ENDPOINT.url));
    await userEvent.click(screen.getByTestId('push-endpoint-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ id: 7, url: ENDPOINT.url, description: ENDPOINT.description, eventTypes: ENDPOINT.eventTypes, enabled: false }]);
  });
});
