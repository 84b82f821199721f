import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PUSH_TYPE_PERMISSIONS, PUSH_TYPES } from '@portal/shared/open-api';
import type { PushDeliveryDetail, PushDeliveryRecord, PushEndpointRecord } from '@portal/shared/push-endpoints';
import { changeLanguage } from '../../../lib/i18n.ts';
import { pageOf, renderUi, stubFetch, refuse, type FetchCall } from '../../../test/render-ui.tsx';
import { dictOption, inEnglish, signIn } from '../../../test/fixtures.ts';
import { MessagePushConfigPage } from './message-push-config-page.tsx';

// the endpoints' screen and the read rights of every event (an endpoint receives only what its holder may read)
const ALL = ['config:push:list', 'config:push:add', 'config:push:edit', 'config:push:delete', 'config:push:test', ...new Set(Object.values(PUSH_TYPE_PERMISSIONS).flat())];
const DICTS = { PushTypeEnum: [dictOption('ORDER_STATUS', 'Order status change'), dictOption('TRACKING_EVENT', 'Tracking update'), dictOption('PARCEL_WHIN', 'Parcel received')] };
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2J8Jx5uWkdY=';

const endpoint = (overrides: Partial<PushEndpointRecord> = {}): PushEndpointRecord => ({
  id: 7,
  url: 'https://erp.example.com/hooks/portal',
  description: 'Our ERP',
  eventTypes: ['ORDER_STATUS', 'TRACKING_EVENT'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  previousSecretUntil: null,
  holder: 'merchant',
  holderState: 'ACTIVE',
  unheldTypes: [],
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  ...overrides,
});
const failed: PushDeliveryRecord = {
  id: 41,
  msgId: 'msg_0123456789abcdef0123456789abcdef',
  type: 'ORDER_STATUS',
  endpointId: 7,
  endpointUrl: 'https://erp.example.com/hooks/portal',
  status: 'FAILED',
  attempts: 2,
  lastOutcome: 'HTTP_ERROR',
  lastHttpStatus: 500,
  refusal: null,
  lastAttemptAt: '2026-11-27T08:05:00.000Z',
  nextAttemptAt: null,
  nextTrigger: 'SCHEDULE',
  succeededAt: null,
  createdAt: '2026-11-27T08:00:00.000Z',
};
const detail: PushDeliveryDetail = {
  delivery: failed,
  payload: { orderNo: 'LO2611270001', status: 'WHIN' },
  attempts: [
    { id: 1, attemptNo: 1, trigger: 'SCHEDULE', startedAt: '2026-11-27T08:00:01.000Z', latencyMs: 12000, outcome: 'TIMEOUT', httpStatus: null, responseExcerpt: '', error: 'timed out after 10000 ms' },
    { id: 2, attemptNo: 2, trigger: 'SCHEDULE', startedAt: '2026-11-27T08:05:00.000Z', latencyMs: 85, outcome: 'HTTP_ERROR', httpStatus: 500, responseExcerpt: '{"error":"database down"}', error: '' },
  ],
};

function answer(extra: (call: FetchCall) => unknown = () => undefined) {
  return stubFetch((call) => {
    const special = extra(call);
    if (special !== undefined) return special;
    if (call.url.pathname === '/api/config/push-endpoint/list') return pageOf([endpoint(), endpoint({ id: 8, url: 'https://old.example.com/in', eventTypes: [...PUSH_TYPES], enabled: false, disabledReason: 'GONE', failingSince: '2026-11-25T00:00:00.000Z' })]);
    if (call.url.pathname === '/api/config/push-endpoint/delivery/list') return pageOf([failed]);
    if (call.url.pathname === '/api/config/push-endpoint/delivery/queryById') return detail;
    return null;
  });
}

describe('the message push configuration page', { timeout: 30_000 }, () => {
  beforeAll(() => inEnglish('message-push'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  test('lists the endpoints with their event types in words and why one stopped', async () => {
    signIn(ALL, DICTS);
    answer();
    renderUi(<MessagePushConfigPage />);
    const cells = await screen.findAllByTestId('push-endpoint-url-cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['https://erp.example.com/hooks/portal', 'https://old.example.com/in']);
    const first = cells[0]!.closest('tr')!;
    expect(first.textContent).toContain('Order status change');
    expect(first.textContent).toContain('Tracking update');
    expect(screen.getByTestId('push-endpoint-reason').textContent).toBe('Turned off: the receiver answered 410 Gone');
    // every type is said once rather than ten times
    expect(cells[1]!.closest('tr')!.textContent).toContain('All event types');
  });

  test('adding sends the form and shows the secret once, with a warning, in the modal only', async () => {
    signIn(ALL, DICTS);
    let added: FetchCall | undefined;
    answer((call) => {
      if (call.url.pathname !== '/api/config/push-endpoint/add') return undefined;
      added = call;
      return { endpoint: endpoint({ id: 9 }), secret: SECRET };
    });
    renderUi(<MessagePushConfigPage />);
    fireEvent.click(await screen.findByTestId('push-endpoint-add'));
    fireEvent.change(await screen.findByTestId('push-endpoint-url'), { target: { value: 'https://erp.example.com/new' } });
    // nothing chosen: the form says so before the server has to
    fireEvent.click(screen.getByTestId('push-endpoint-save'));
    expect(await screen.findByText('Choose at least one event type')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('push-event-types')).getByTestId('push-event-types-all'));
    fireEvent.click(screen.getByTestId('push-endpoint-save'));
    await waitFor(() => expect(added).toBeDefined());
    expect(added?.body).toEqual({ url: 'https://erp.example.com/new', description: '', eventTypes: [...PUSH_TYPES] });
    expect((await screen.findByTestId('push-secret')).textContent).toContain(SECRET);
    expect(screen.getByText(/only time this secret is shown/)).toBeTruthy();
    // the list that reloads after the addition never carries it
    expect(screen.getAllByTestId('push-endpoint-url-cell').map((cell) => cell.closest('tr')!.textContent).join()).not.toContain('whsec_');
  });

  test("the server's refusal stays in the drawer", async () => {
    signIn(ALL, DICTS);
    answer((call) => (call.url.pathname === '/api/config/push-endpoint/add' ? refuse(400, 'The endpoint URL must use https://') : undefined));
    renderUi(<MessagePushConfigPage />);
    fireEvent.click(await screen.findByTestId('push-endpoint-add'));
    fireEvent.change(await screen.findByTestId('push-endpoint-url'), { target: { value: 'http://erp.example.com/new' } });
    fireEvent.click(within(screen.getByTestId('push-event-types')).getByTestId('push-event-types-all'));
    fireEvent.click(screen.getByTestId('push-endpoint-save'));
    expect((await screen.findByTestId('server-error')).textContent).toContain('must use https://');
    expect(screen.queryByTestId('push-secret')).toBeNull();
  });

  test('rotating asks first, then shows the new secret', async () => {
    signIn(ALL, DICTS);
    const calls = answer((call) => (call.url.pathname === '/api/config/push-endpoint/rotate-secret' ? { endpoint: endpoint({ previousSecretUntil: '2026-11-28T08:00:00.000Z' }), secret: SECRET } : undefined));
    renderUi(<MessagePushConfigPage />);
    fireEvent.click((await screen.findAllByTestId('push-endpoint-rotate'))[0]!);
    expect(calls.some((call) => call.url.pathname.endsWith('/rotate-secret'))).toBe(false);
    const popover = await waitFor(() => document.querySelector<HTMLElement>('.ant-popover')!);
    fireEvent.click(within(popover).getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() => expect(calls.find((call) => call.url.pathname.endsWith('/rotate-secret'))?.body).toEqual({ id: 7 }));
    expect((await screen.findByTestId('push-secret')).textContent).toContain(SECRET);
  });

  test('the delivery log opens a delivery with its attempts, the answer of each and the payload', async () => {
    signIn(ALL, DICTS);
    answer();
    renderUi(<MessagePushConfigPage />);
    fireEvent.click((await screen.findAllByTestId('push-endpoint-log'))[0]!);
    fireEvent.click(await screen.findByTestId('push-delivery-open'));
    const drawer = await screen.findByTestId('push-delivery-detail');
    await waitFor(() => expect(within(drawer).getByTestId('push-payload').textContent).toContain('LO2611270001'));
    expect(drawer.textContent).toContain('Timeout');
    expect(drawer.textContent).toContain('12000 ms');
    // the attempts open to what the receiver answered
    const expanders = within(within(drawer).getByTestId('push-attempts')).getAllByRole('button');
    fireEvent.click(expanders[1]!);
    expect((await within(drawer).findByTestId('push-attempt-expanded')).textContent).toContain('database down');
  });

  test('a delivery refused before any attempt says it was not sent, and why', async () => {
    signIn(ALL, DICTS);
    const refused: PushDeliveryRecord = { ...failed, id: 42, attempts: 0, lastOutcome: null, lastHttpStatus: null, lastAttemptAt: null, refusal: 'HOLDER_DATA_RULES' };
    answer((call) => {
      if (call.url.pathname === '/api/config/push-endpoint/delivery/list') return pageOf([refused]);
      if (call.url.pathname === '/api/config/push-endpoint/delivery/queryById') return { ...detail, delivery: refused, attempts: [] };
      return undefined;
    });
    renderUi(<MessagePushConfigPage />);
    fireEvent.click((await screen.findAllByTestId('push-endpoint-log'))[0]!);
    expect((await screen.findByTestId('push-delivery-not-sent')).textContent).toBe('Not sent');
    fireEvent.click(screen.getByTestId('push-delivery-open'));
    const drawer = await screen.findByTestId('push-delivery-detail');
    expect(within(drawer).getByTestId('push-delivery-refusal').textContent).toBe('The endpoint’s holder’s data rules hide the record this event is about');
    expect(drawer.textContent).toContain('No attempt yet');
  });

  test('the log of one endpoint asks for that endpoint; replay-failed wants a range first', async () => {
    signIn(ALL, DICTS);
    let replay: FetchCall | undefined;
    const calls = answer((call) => {
      if (call.url.pathname !== '/api/config/push-endpoint/delivery/replay-failed') return undefined;
      replay = call;
      return { replayed: 3 };
    });
    renderUi(<MessagePushConfigPage />);
    fireEvent.click((await screen.findAllByTestId('push-endpoint-log'))[0]!);
    await waitFor(() => expect(calls.find((call) => call.url.pathname === '/api/config/push-endpoint/delivery/list')?.url.searchParams.get('endpointId')).toBe('7'));
    fireEvent.click(await screen.findByTestId('push-replay-failed'));
    // no range: the dialog says so
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Choose a time range')).toBeTruthy();
    expect(replay).toBeUndefined();
  });

  test('without the buttons’ codes only the lists are shown', async () => {
    signIn(['config:push:list'], DICTS);
    answer();
    renderUi(<MessagePushConfigPage />);
    await screen.findAllByTestId('push-endpoint-url-cell');
    for (const id of ['push-endpoint-add', 'push-endpoint-edit', 'push-endpoint-test', 'push-endpoint-rotate', 'push-endpoint-delete']) expect(screen.queryByTestId(id), id).toBeNull();
    fireEvent.click(screen.getAllByTestId('push-endpoint-log')[0]!);
    await screen.findByTestId('push-delivery-open');
    expect(screen.queryByTestId('push-delivery-replay')).toBeNull();
    expect(screen.queryByTestId('push-replay-failed')).toBeNull();
  });
});
