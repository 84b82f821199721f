import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { ordersDataSet, reportRecord } from '../test/fixtures.ts';
import { ReportEditorDrawer } from './report-editor-drawer.tsx';

const save = () => userEvent.click(screen.getByTestId('report-save'));
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

/** The server: the data sets' catalogue; 'orders_by_day' is a code already taken. */
function server(edit: (call: FetchCall) => unknown = () => null) {
  return (call: FetchCall): unknown => {
    const path = call.url.pathname;
    if (path.endsWith('/online/cgreport/dataSets')) return [ordersDataSet];
    if (path.endsWith('/sys/duplicate/check')) return call.url.searchParams.get('fieldVal') === 'orders_by_day' ? refuse(400, 'This code is already used') : null;
    if (path.endsWith('/online/cgreport/head/edit')) return edit(call);
    return new Response(null, { status: 404 });
  };
}

describe('the report editor: checked before sending, the server refusal shown', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('online-dev'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('refuses an empty report with a message at each field, a taken code as typed, and sends nothing', async () => {
    signIn(['system:online:add']);
    const calls = stubFetch(server());
    renderUi(<ReportEditorDrawer open report={null} onClose={vi.fn()} />);
    await screen.findByTestId('report-code');
    await save();
    expect(await screen.findByText('Code is required')).toBeTruthy();
    expect(screen.getByText('Data set is required')).toBeTruthy();
    expect(screen.getAllByText('Title (English) is required').length).toBeGreaterThan(0);
    await userEvent.type(screen.getByTestId('report-code'), 'Orders');
    expect(await screen.findByText('The code starts with a lower-case letter and has 2 to 40 lower-case letters, digits or underscores')).toBeTruthy();
    await userEvent.clear(screen.getByTestId('report-code'));
    await userEvent.type(screen.getByTestId('report-code'), 'orders_by_day');
    expect(await screen.findByText('This code is already used', undefined, { timeout: 3000 })).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('refuses an operator the field does not allow and a sum of a text column', async () => {
    signIn(['system:online:edit']);
    const calls = stubFetch(server());
    const report = reportRecord({
      queryFields: [{ field: 'order_no', operator: 'range', defaultValue: '', hidden: '0' }],
      chart: { type: 'bar', groupBy: 'order_no', measure: { sum: 'order_no' } },
    });
    renderUi(<ReportEditorDrawer open report={report} onClose={vi.fn()} />);
    await screen.findByText('Orders');
    await save();
    expect(await screen.findByText('This field cannot be queried with this condition')).toBeTruthy();
    expect(screen.getByText('Only a number or money column can be summed')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('sends the definition with the version read, and shows the server refusal', async () => {
    signIn(['system:online:edit']);
    const onClose = vi.fn();
    let refused = true;
    const calls = stubFetch(server(() => (refused ? refuse(409, 'Someone else changed this report: reload it') : reportRecord())));
    const report = reportRecord({ chart: { type: 'pie', groupBy: 'order_no', measure: { sum: 'amount' } } });
    renderUi(<ReportEditorDrawer open report={report} onClose={onClose} />);
    await screen.findByText('Orders');
    await save();
    expect((await screen.findByRole('alert')).textContent).toContain('Someone else changed this report: reload it');
    expect(onClose).not.toHaveBeenCalled();
    refused = false;
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = writes(calls);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.method).toBe('PUT');
    expect(sent[1]?.body).toEqual({ ...report.definition, id: 7, version: 3 });
  });
});
