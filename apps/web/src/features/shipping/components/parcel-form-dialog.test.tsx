import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish } from '../../../test/fixtures.ts';
import { refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { ParcelFormDialog } from './parcel-form-dialog.tsx';

const RULE_MESSAGE = 'A tracking number has 6 to 40 letters or digits';
const TAKEN = 'This value is not available: it already exists';

/** The server's rule check (tracking_number: 6 to 40 letters, digits, hyphens) and its duplicate check ('SF1234567' is taken). */
function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  if (path.endsWith('/sys/checkRule/checkByCode')) return /^[A-Za-z0-9-]{6,40}$/.test(call.url.searchParams.get('value') ?? '') ? null : refuse(200, RULE_MESSAGE);
  if (path.endsWith('/sys/duplicate/check')) return call.url.searchParams.get('fieldVal') === 'SF1234567' ? refuse(200, TAKEN) : null;
  if (path.endsWith('/logistics/package/add')) return null;
  return new Response(null, { status: 404 });
}
const checks = (calls: FetchCall[]) => calls.filter((call) => /checkByCode|duplicate\/check/.test(call.url.pathname));
const type = async (value: string) => {
  const input = screen.getByLabelText('Tracking number');
  await userEvent.clear(input);
  await userEvent.type(input, value);
};

describe('the parcel form: the tracking number checked by the stored rule and for duplicates', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('shipping'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks nothing without a value, then shows the rule's and the duplicate check's messages from the server", async () => {
    const calls = stubFetch(server);
    renderUi(<ParcelFormDialog open parcel={null} onClose={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: /Save/ }));
    await waitFor(() => expect(document.querySelector('.ant-form-item-has-error')).toBeTruthy());
    expect(checks(calls)).toEqual([]);
    // the form's own rule takes it (letters and digits), the stored one does not (6 characters at least)
    await type('SF12');
    expect(await screen.findByText(RULE_MESSAGE, undefined, { timeout: 3000 })).toBeTruthy();
    expect(checks(calls).every((call) => call.url.pathname.endsWith('/checkByCode'))).toBe(true);
    expect(checks(calls).at(-1)?.url.searchParams.get('ruleCode')).toBe('tracking_number');
    await type('SF1234567');
    expect(await screen.findByText(TAKEN, undefined, { timeout: 3000 })).toBeTruthy();
    const duplicate = checks(calls).find((call) => call.url.pathname.endsWith('/duplicate/check'));
    expect(Object.fromEntries(duplicate?.url.searchParams ?? [])).toMatchObject({ tableName: 'log_parcel', fieldName: 'tracking_no', fieldVal: 'SF1234567' });
    await type('SF7654321');
    await waitFor(() => expect(screen.queryByText(TAKEN)).toBeNull(), { timeout: 3000 });
  });
});
