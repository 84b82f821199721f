import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { DataRuleDrawer } from './data-rule-drawer.tsx';

const MENU = 42;

function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  if (path.endsWith('/sys/permission/getPermRuleListByPermId')) return [];
  if (path.endsWith('/sys/permission/addPermissionRule')) return { id: 7, ...(call.body as object), createdAt: '2026-01-01T00:00:00Z' };
  return new Response(null, { status: 404 });
}

/** The options of the select opened last (each select's list is added to the page when first opened). */
const lastList = () => [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].at(-1);
const options = () => [...(lastList()?.querySelectorAll('.ant-select-item-option-content') ?? [])].map((node) => node.textContent);
async function pick(text: string) {
  await waitFor(() => expect(options()).toContain(text));
  await userEvent.click(within(lastList()!).getByText(text, { selector: '.ant-select-item-option-content' }));
}
async function choose(testId: string, text: string) {
  await userEvent.click(within(screen.getByTestId(testId)).getByRole('combobox'));
  await pick(text);
}

describe('the data rule form: only what the field allows, a variable or a value', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('system-data-rules'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it("offers a department field no 'greater than', its variables, and sends the typed rule", async () => {
    signIn(['system:role:auth']);
    const calls = stubFetch(server);
    const user = userEvent.setup();
    renderUi(<DataRuleDrawer open permissionId={MENU} resource="orders" title="International orders" onClose={vi.fn()} />);
    expect(await screen.findByText('This menu has no data rules yet')).toBeTruthy();
    await user.click(screen.getByTestId('data-rule-add'));
    await user.type(await screen.findByLabelText('Rule name'), 'Own department');
    await choose('data-rule-field', "Creator's department (org code)");
    await user.click(within(screen.getByTestId('data-rule-operator')).getByRole('combobox'));
    await waitFor(() => expect(options()).toContain('equals'));
    expect(options()).not.toContain('greater than');
    await pick('equals');
    await user.click(screen.getByTestId('data-rule-kind-variable'));
    await user.click(within(await screen.findByTestId('data-rule-variable')).getByRole('combobox'));
    // "my departments" is several values: only with in / not in
    await waitFor(() => expect(options()).toEqual(['Current department']));
    await pick('Current department');
    await user.click(screen.getByTestId('data-rule-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ permissionId: MENU, ruleName: 'Own department', field: 'creatorDepartment', operator: 'eq', valueKind: 'variable', value: 'currentOrgCode', status: 1 });
  });

  it('takes no value for "is empty"', async () => {
    signIn(['system:role:auth']);
    stubFetch(server);
    const user = userEvent.setup();
    renderUi(<DataRuleDrawer open permissionId={MENU} resource="parcels" title="Packages" onClose={vi.fn()} />);
    await user.click(await screen.findByTestId('data-rule-add'));
    await choose('data-rule-field', 'Warehouse');
    await choose('data-rule-operator', 'is empty');
    await waitFor(() => expect(screen.queryByTestId('data-rule-value')).toBeNull());
    expect(screen.queryByTestId('data-rule-value-kind')).toBeNull();
  });
});
