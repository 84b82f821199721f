import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Select } from 'antd';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../test/render-ui.tsx';
import { ServerError } from './server-error.tsx';

/** A dialog's body as the dialogs draw it: the refusal above the form, a field, and a save that is refused. */
function Dialog() {
  const [error, setError] = useState<Error | null>(null);
  return (
    <div role="dialog">
      <ServerError error={error} />
      <label>
        code
        <input aria-label="code" />
      </label>
      <Select aria-label="kind" options={[{ value: 'a', label: 'first' }, { value: 'b', label: 'second' }]} style={{ width: 120 }} />
      <button type="button" onClick={() => setError(new Error('授權標識 system:module:view 已被其他選單使用'))}>
        save
      </button>
    </div>
  );
}

describe('a server refusal in a dialog', () => {
  it('goes once the user changes what it was about, and comes back with the next refusal', async () => {
    renderUi(<Dialog />);
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(screen.getByTestId('server-error').textContent).toContain('已被其他選單使用');
    await userEvent.type(screen.getByLabelText('code'), 'x');
    expect(screen.queryByTestId('server-error')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(screen.getByTestId('server-error').textContent).toContain('已被其他選單使用');
  });

  it('goes too when an option is picked in a list drawn outside the dialog', async () => {
    renderUi(<Dialog />);
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'kind' }));
    const option = await screen.findByText('second', { selector: '.ant-select-item-option-content' });
    expect(option.closest('[role="dialog"]')).toBeNull();
    expect(screen.getByTestId('server-error')).toBeTruthy();
    await userEvent.click(option);
    expect(screen.queryByTestId('server-error')).toBeNull();
  });
});
