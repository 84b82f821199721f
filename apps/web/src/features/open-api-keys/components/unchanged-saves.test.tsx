import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { ApiKeyRecord } from '@portal/shared/open-api-keys';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { ApiKeyDrawer } from './api-key-drawer.tsx';

/*
 * A key opened and saved without a change: its name, scopes (in the order stored), allow-list and expiry as
 * stored. The expiry is an instant the picker shows as a day: an untouched one keeps its instant, not the end of
 * that day in the browser's zone.
 */

const KEY: ApiKeyRecord = {
  id: 4,
  name: 'ERP sync',
  scopes: ['tracking:read', 'orders:read'],
  ipAllowList: ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'],
  // made in Asia/Shanghai: the end of a day there, another hour here
  expiresAt: dayjs().add(90, 'day').startOf('day').add(15, 'hour').add(59, 'minute').add(59, 'second').toISOString(),
  status: 'ACTIVE',
  revokedAt: null,
  shown: 'mpk_AbCd1234',
  previousShown: null,
  previousUntil: null,
  lastUsedAt: '2026-11-27T08:00:00.000Z',
  lastUsedIp: '203.0.113.7',
  createdBy: 'merchant',
  holder: 'merchant',
  holderState: 'ACTIVE',
  unheldScopes: [],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};

describe('an API key saved unchanged is sent as it is', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('open-api-keys'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('name, scopes, allow-list and the expiry instant', async () => {
    signIn(['config:token:edit']);
    const calls = stubFetch((call) => (call.url.pathname.endsWith('/config/api-key/edit') ? KEY : new Response(null, { status: 404 })));
    const onClose = vi.fn();
    renderUi(<ApiKeyDrawer open apiKey={KEY} onClose={onClose} onCreated={vi.fn()} />);
    await waitFor(() => expect((screen.getByTestId('api-key-name') as HTMLInputElement).value).toBe('ERP sync'));
    await userEvent.click(screen.getByTestId('api-key-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ id: 4, name: KEY.name, scopes: KEY.scopes, expiresAt: KEY.expiresAt, ipAllowList: KEY.ipAllowList }]);
  });
});
