import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { changeLanguage } from '../lib/i18n.ts';
import { renderUi } from '../test/render-ui.tsx';
import { EditorDrawer } from './editor-drawer.tsx';

/** A drawer with a one-field form, as the system's add and edit drawers have them. */
function Harness({ onSave, onClose, error = null }: { onSave: () => Promise<boolean | string>; onClose: () => void; error?: unknown }) {
  return (
    <EditorDrawer open onClose={onClose} title="Thing" size={480} saving={{ isPending: false, error }} onSave={onSave} saveTestId="thing-save" submitForm="thing" data-testid="thing-form">
      <Form name="thing" layout="vertical">
        <Form.Item name="name" label="Name">
          <Input data-testid="thing-name" />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}

describe('<EditorDrawer>', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await changeLanguage('en-US');
  });
  afterAll(async () => {
    await changeLanguage('zh-TW');
  });
  afterEach(cleanup);

  it('saves with Save, says so and closes; what it says may be the caller’s', async () => {
    const onClose = vi.fn();
    renderUi(<Harness onSave={async () => true} onClose={onClose} />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('thing-save'));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    cleanup();
    renderUi(<Harness onSave={async () => 'Thing "A" added'} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('thing-save'));
    expect(await screen.findByText('Thing "A" added')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stays open on a failed check or a refusal, which it shows above the form', async () => {
    const onClose = vi.fn();
    const onSave = vi.fn(async () => false);
    renderUi(<Harness onSave={onSave} onClose={onClose} error={new Error('The name is taken')} />);
    expect(screen.getByText('The name is taken')).toBeTruthy();
    fireEvent.click(screen.getByTestId('thing-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it("saves on the form's own submit (Enter in its one field), as Save does", async () => {
    const onClose = vi.fn();
    const onSave = vi.fn(async () => true);
    renderUi(<Harness onSave={onSave} onClose={onClose} />);
    fireEvent.submit(screen.getByTestId('thing-name').closest('form')!);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
