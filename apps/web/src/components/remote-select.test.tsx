import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { renderUi, stubFetch } from '../test/render-ui.tsx';
import type { RemoteOptions } from './list-page/list-config.ts';
import { RemoteSelect } from './remote-select.tsx';

const asked: { keyword?: string; ids?: number[] }[] = [];
const MERCHANTS: RemoteOptions = {
  key: ['merchants'],
  fetch: (search) => {
    asked.push(search);
    return Promise.resolve(search.ids ? [{ value: 2, label: 'Harbour Imports' }] : [{ value: 1, label: 'Demo Trading' }]);
  },
};

describe('RemoteSelect', () => {
  afterEach(() => {
    cleanup();
    asked.length = 0;
    vi.unstubAllGlobals();
  });

  it("shows a value given from outside (a page's URL) by its name, asked by its id", async () => {
    stubFetch(() => null);
    renderUi(
      <Form initialValues={{ tenantId: 2 }}>
        <Form.Item name="tenantId" label="Merchant">
          <RemoteSelect remote={MERCHANTS} placeholder="Select merchant" />
        </Form.Item>
      </Form>,
    );
    expect(await screen.findByText('Harbour Imports')).toBeTruthy();
    await waitFor(() => expect(asked).toContainEqual({ ids: [2] }));
    // the label names the field
    expect(screen.getByLabelText('Merchant')).toBeTruthy();
  });
});
