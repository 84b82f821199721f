// in app/: the drawer's settings act through the app's providers (theme, colour-weak), which layouts may not import
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { AppProviders } from './app-providers.tsx';
import { DEFAULT_PREFERENCES, usePreferences } from '../lib/preferences.ts';
import { STORAGE_PREFIX, STORAGE_KEYS } from '../lib/storage.ts';
import { AUTO_CLOSE_MS, SettingsDrawer } from '../layouts/settings-drawer.tsx';

function renderDrawer(onClose = vi.fn()) {
  render(
    <AppProviders>
      <AntApp>
        <SettingsDrawer open onClose={onClose} />
      </AntApp>
    </AppProviders>,
  );
  return onClose;
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement | HTMLInputElement).disabled;
/** a radio input's checked, or a switch's aria-checked */
const isChecked = (element: HTMLElement) => (element instanceof HTMLInputElement ? element.checked : element.getAttribute('aria-checked') === 'true');

/** What the drawer wrote to local storage under the spec's prefix. */
function storedPreferences(): Record<string, unknown> | null {
  const raw = window.localStorage.getItem(STORAGE_PREFIX + STORAGE_KEYS.preferences);
  return raw === null ? null : (JSON.parse(raw) as { value: Record<string, unknown> }).value;
}

beforeEach(() => usePreferences.getState().reset());
afterEach(() => usePreferences.getState().reset());

describe('settings drawer', () => {
  test('starts from the spec §9 defaults', () => {
    renderDrawer();
    expect(screen.getByRole('radio', { name: '亮色選單風格' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: '側邊欄導航' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: '拂曉藍（預設）' }).getAttribute('aria-checked')).toBe('true');
    expect(isChecked(screen.getByRole('radio', { name: '固定' }))).toBe(true);
    expect(isChecked(screen.getByRole('switch', { name: '固定頁首' }))).toBe(false);
    expect(isChecked(screen.getByRole('switch', { name: '多頁籤模式' }))).toBe(true);
    expect(screen.getAllByRole('radio', { name: /薄暮|火山|日暮|明青|極光綠|拂曉藍|極客藍|醬紫/ })).toHaveLength(8);
  });

  test('offers Fluid content width only with the top menu, and no fixed side menu with it', async () => {
    const user = userEvent.setup();
    renderDrawer();
    expect(isDisabled(screen.getByRole('radio', { name: '流式' }))).toBe(true);
    expect(screen.getByText('流式寬度僅在頂部欄導航時可用')).toBeTruthy();
    expect(isDisabled(screen.getByRole('switch', { name: '固定側邊選單' }))).toBe(false);

    await user.click(screen.getByRole('radio', { name: '頂部欄導航' }));
    expect(isDisabled(screen.getByRole('radio', { name: '流式' }))).toBe(false);
    expect(isDisabled(screen.getByRole('switch', { name: '固定側邊選單' }))).toBe(true);
    // antd draws the radio button over its input: the user clicks the label
    await user.click(screen.getByText('流式'));
    expect(usePreferences.getState().contentWidth).toBe('Fluid');

    // back to the side menu: Fluid is not allowed any more, and falls back to Fixed
    await user.click(screen.getByRole('radio', { name: '側邊欄導航' }));
    expect(isDisabled(screen.getByRole('radio', { name: '流式' }))).toBe(true);
    expect(isChecked(screen.getByRole('radio', { name: '固定' }))).toBe(true);
    expect(storedPreferences()).toMatchObject({ navMode: 'sidemenu', contentWidth: 'Fixed' });
  });

  test('allows hiding the header on scroll only with a fixed header', async () => {
    const user = userEvent.setup();
    renderDrawer();
    const autoHide = () => screen.getByRole('switch', { name: '下滑時隱藏頁首' });
    expect(isDisabled(autoHide())).toBe(true);

    await user.click(screen.getByRole('switch', { name: '固定頁首' }));
    expect(isDisabled(autoHide())).toBe(false);
    await user.click(autoHide());
    expect(isChecked(autoHide())).toBe(true);

    // unfixing the header switches hide-on-scroll off with it
    await user.click(screen.getByRole('switch', { name: '固定頁首' }));
    expect(isDisabled(autoHide())).toBe(true);
    expect(isChecked(autoHide())).toBe(false);
    expect(storedPreferences()).toMatchObject({ fixedHeader: false, autoHideHeader: false });
  });

  test('persists every change to local storage under pro__PREFERENCES', async () => {
    const user = userEvent.setup();
    renderDrawer();
    expect(storedPreferences()).toBeNull();
    await user.click(screen.getByRole('radio', { name: '暗色選單風格' }));
    await user.click(screen.getByRole('radio', { name: '醬紫' }));
    await user.click(screen.getByRole('switch', { name: '色弱模式' }));
    await user.click(screen.getByRole('switch', { name: '多頁籤模式' }));
    await user.click(screen.getByRole('switch', { name: '固定頁首' }));
    expect(storedPreferences()).toEqual({ ...DEFAULT_PREFERENCES, menuTheme: 'dark', primaryColor: '#722ED1', colorWeak: true, multipage: false, fixedHeader: true });
    expect(document.documentElement.style.filter).toBe('invert(80%)');
  });

  test('closes itself 16 ms after a change, and a colour equal to the current one changes nothing', async () => {
    const user = userEvent.setup();
    const onClose = renderDrawer();
    await user.click(screen.getByRole('radio', { name: '拂曉藍（預設）' }));
    await new Promise((resolve) => setTimeout(resolve, AUTO_CLOSE_MS * 4));
    expect(onClose).not.toHaveBeenCalled();
    expect(storedPreferences()).toBeNull();

    await user.click(screen.getByRole('radio', { name: '極光綠' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(usePreferences.getState().primaryColor).toBe('#52C41A');
  });
});
