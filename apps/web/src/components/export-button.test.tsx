import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useAuth } from '../lib/auth.ts';
import { renderUi } from '../test/render-ui.tsx';
import { userTimeZone } from '../lib/time-zone.ts';
import { ExportButton } from './export-button.tsx';

describe('<ExportButton>', () => {
  afterEach(() => useAuth.setState({ permissions: null }));

  it("hands the export the user's time zone: a spreadsheet has none, so its times are written in it", async () => {
    useAuth.setState({ permissions: { menu: [], auth: [{ action: 'logistics:order:export', describe: '', type: '1', status: '1' }], allAuth: [] } });
    const run = vi.fn(async (timeZone: string | undefined) => {
      expect(timeZone).toBeTruthy();
    });
    renderUi(<ExportButton code="logistics:order:export" label="Export" run={run} />);
    fireEvent.click(screen.getByTestId('export-button'));
    await waitFor(() => expect(run).toHaveBeenCalledWith(Intl.DateTimeFormat().resolvedOptions().timeZone));
    expect(userTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
