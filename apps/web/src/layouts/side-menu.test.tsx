import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { changeLanguage } from '../lib/i18n.ts';
import { signIn, signOut } from '../test/fixtures.ts';
import { renderUi } from '../test/render-ui.tsx';
import { SideMenu } from './side-menu.tsx';

const menuAt = () => renderUi(<RouterProvider router={createMemoryRouter([{ path: '*', element: <SideMenu mode="inline" theme="dark" /> }])} />);

describe('the side menu of a user whose roles give no menu', () => {
  beforeAll(() => changeLanguage('en-US'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('says why it is empty and whom to ask, once the rights have come', () => {
    menuAt();
    // before the rights: nothing to say yet
    expect(screen.queryByTestId('menu-none')).toBeNull();
    cleanup();
    signIn([]);
    menuAt();
    expect(screen.getByTestId('menu-none').textContent).toBe('No menu has been given to your account yet: ask your administrator for a role');
  });
});
