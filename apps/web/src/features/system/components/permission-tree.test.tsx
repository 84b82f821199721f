import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionTreeNode } from '@portal/shared/system-roles';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish } from '../../../test/fixtures.ts';
import { renderUi } from '../../../test/render-ui.tsx';
import { PermissionTree } from './permission-tree.tsx';

// System Management > Role Management > (Add, Edit); a permission the tree does not show (99) is checked already
const nodes: PermissionTreeNode[] = [
  {
    key: 1,
    title: 'menu.system.root',
    menuType: 0,
    perms: '',
    children: [
      {
        key: 2,
        title: 'menu.system.role',
        menuType: 1,
        perms: '',
        children: [
          { key: 3, title: 'button.add', menuType: 2, perms: 'system:role:add' },
          { key: 4, title: 'button.edit', menuType: 2, perms: 'system:role:edit' },
        ],
      },
    ],
  },
];

function Harness({ onChange }: { onChange: (ids: number[]) => void }) {
  const [value, setValue] = useState<number[]>([99]);
  return (
    <PermissionTree
      nodes={nodes}
      value={value}
      onChange={(ids) => {
        setValue(ids);
        onChange(ids);
      }}
      renderNodeExtra={(node) => (node.menuType === 1 ? <a data-testid={`extra-${node.key}`}>rules</a> : null)}
    />
  );
}

const checkbox = (title: string) => {
  const row = screen.getByText(title).closest('.ant-tree-treenode');
  if (!row) throw new Error(`no node ${title}`);
  return row.querySelector('.ant-tree-checkbox') as HTMLElement;
};
const isChecked = (title: string) => checkbox(title).classList.contains('ant-tree-checkbox-checked');
const last = (fn: ReturnType<typeof vi.fn>) => [...(fn.mock.calls.at(-1)?.[0] as number[])].sort((a, b) => a - b);

describe('the permission tree: translated titles, and checks that keep parents and children sensible', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('system-roles'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(cleanup);

  it('translates titles as the side menu does, and draws the extra of a node', () => {
    renderUi(<Harness onChange={vi.fn()} />);
    expect(screen.getByText('System Management')).toBeTruthy();
    expect(screen.getByText('Role Management')).toBeTruthy();
    expect(screen.getByTestId('extra-2')).toBeTruthy();
  });

  it('checking a button checks its menus; unchecking a menu unchecks what is under it; hidden ids stay', async () => {
    const onChange = vi.fn();
    renderUi(<Harness onChange={onChange} />);
    await userEvent.click(checkbox('Add'));
    expect(last(onChange)).toEqual([1, 2, 3, 99]);
    expect(isChecked('Role Management')).toBe(true);
    expect(isChecked('Edit')).toBe(false);
    await userEvent.click(checkbox('Role Management'));
    expect(last(onChange)).toEqual([1, 99]);
    expect(isChecked('Add')).toBe(false);
  });

  it('cascade checks everything under a menu; check all and uncheck all leave hidden ids alone', async () => {
    const onChange = vi.fn();
    renderUi(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByTestId('permission-tree-cascade'));
    await userEvent.click(checkbox('Role Management'));
    expect(last(onChange)).toEqual([1, 2, 3, 4, 99]);
    await userEvent.click(screen.getByTestId('permission-tree-uncheck-all'));
    expect(last(onChange)).toEqual([99]);
    await userEvent.click(screen.getByTestId('permission-tree-check-all'));
    expect(last(onChange)).toEqual([1, 2, 3, 4, 99]);
  });

  it('collapse all hides the children, expand all shows them again', async () => {
    renderUi(<Harness onChange={vi.fn()} />);
    await userEvent.click(screen.getByTestId('permission-tree-collapse-all'));
    expect(screen.queryByText('Role Management')).toBeNull();
    await userEvent.click(screen.getByTestId('permission-tree-expand-all'));
    expect(screen.getByText('Add')).toBeTruthy();
  });
});
