import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { MenuListPage } from './menu-list-page.tsx';

describe('menu management while its list loads', () => {
  beforeAll(() => inEnglish('system-menus'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('says nothing was found only once the list has come, and not under the spinner before', async () => {
    signIn(['system:permission:list']);
    let answer: (value: unknown) => void = () => undefined;
    const loaded = new Promise((resolve) => (answer = resolve));
    stubFetch((call) => (call.url.pathname.endsWith('/sys/permission/list') ? loaded : []));
    renderUi(<MenuListPage />);
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByText('No menu matches')).toBeNull();
    answer([]);
    expect(await screen.findByText('No menu matches')).toBeTruthy();
  });
});
