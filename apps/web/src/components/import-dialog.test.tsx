import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import type { ImportResult } from '@portal/shared/logistics-schemas';
import { changeLanguage } from '../lib/i18n.ts';
import { useAuth } from '../lib/auth.ts';
import { renderUi } from '../test/render-ui.tsx';
import { ImportButton, ImportDialog, importFileProblem } from './import-dialog.tsx';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const entry = (action: string) => ({ action, describe: action, type: '1', status: '1' });
const grant = (codes: string[]) => useAuth.setState({ permissions: { menu: [], auth: codes.map(entry), allAuth: [] } });
const texts = {
  button: 'Import things',
  title: 'Import things',
  stepTemplate: '1. Download the template',
  hint: 'at most 5 MB',
  success: (count: number) => `Imported (things: ${count})`,
  failed: (count: number) => `Errors in the file: ${count}. Nothing was imported`,
};

/** The dialog with the calls a page would hand it: here, spies. */
function Harness({ template, upload }: { template: () => Promise<void>; upload: (file: File) => Promise<ImportResult> }) {
  return <ImportButton code="system:position:import" testId="thing-import" texts={texts} template={useMutation({ mutationFn: template })} upload={useMutation({ mutationFn: upload })} />;
}

const choose = (name: string, type = XLSX, size = 64) => userEvent.setup({ applyAccept: false }).upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File([new Uint8Array(size)], name, { type }));

describe('the shared import dialog', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await changeLanguage('zh-CN');
  });
  afterAll(async () => {
    await changeLanguage('zh-TW');
  });
  afterEach(() => {
    cleanup();
    useAuth.setState({ permissions: null });
  });

  it('checks a file before sending it: .xlsx only, not empty, at most 5 MB', () => {
    expect(importFileProblem({ name: 'a.xlsx', size: 10, type: XLSX })).toBeNull();
    expect(importFileProblem({ name: 'ORDERS.XLSX', size: 10, type: '' })).toBeNull();
    expect(importFileProblem({ name: 'a.xlsx', size: 10, type: 'text/csv' })).toBe('wrongType');
    expect(importFileProblem({ name: 'a.xls', size: 10, type: '' })).toBe('wrongType');
    expect(importFileProblem({ name: 'orders.xls', size: 10, type: 'application/vnd.ms-excel' })).toBe('wrongType');
    expect(importFileProblem({ name: 'orders.xlsx', size: 0, type: XLSX })).toBe('emptyFile');
    expect(importFileProblem({ name: 'orders.xlsx', size: 5 * 1024 * 1024, type: XLSX })).toBeNull();
    expect(importFileProblem({ name: 'A.XLSX', size: 5 * 1024 * 1024 + 1, type: '' })).toBe('tooLarge');
  });

  it('is not there without its code', () => {
    grant(['system:user:import']);
    renderUi(<Harness template={vi.fn()} upload={vi.fn()} />);
    expect(screen.queryByTestId('thing-import')).toBeNull();
  });

  it('refuses a wrong file before sending anything; downloads the template', async () => {
    grant(['system:position:import']);
    const template = vi.fn(async () => undefined);
    const upload = vi.fn<(file: File) => Promise<ImportResult>>(async () => ({ imported: 1, errors: [] }));
    renderUi(<Harness template={template} upload={upload} />);
    fireEvent.click(screen.getByTestId('thing-import'));
    await screen.findByTestId('thing-import-dialog');
    fireEvent.click(screen.getByTestId('thing-import-template'));
    await waitFor(() => expect(template).toHaveBeenCalledTimes(1));
    await choose('things.csv', 'text/csv');
    expect((await screen.findByTestId('thing-import-problem')).textContent).toBe('只能导入 Excel 工作簿（.xlsx）');
    expect(screen.getByTestId('thing-import-submit').hasAttribute('disabled')).toBe(true);
    expect(upload).not.toHaveBeenCalled();
  });

  it('lists every wrong row in the language of the screen, and sends nothing more until another file is chosen', async () => {
    grant(['system:position:import']);
    const upload = vi.fn<(file: File) => Promise<ImportResult>>(
      async () => ({
        imported: 0,
        errors: [
          { row: 3, column: '职务编码', message: '职务编码「lead」已在第 2 行' },
          { row: 5, column: '职级', message: '职级须为 1 至 10 的整数' },
        ],
      }),
    );
    renderUi(<Harness template={vi.fn()} upload={upload} />);
    fireEvent.click(screen.getByTestId('thing-import'));
    await screen.findByTestId('thing-import-dialog');
    await choose('things.xlsx');
    expect(screen.getByTestId('thing-import-file').textContent).toContain('things.xlsx');
    fireEvent.click(screen.getByTestId('thing-import-submit'));
    const report = await screen.findByTestId('thing-import-errors');
    expect(upload.mock.calls[0]?.[0]).toBeInstanceOf(File);
    expect(report.textContent).toContain('Errors in the file: 2. Nothing was imported');
    expect(within(report).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['行', '列', '问题']);
    const rows = within(report).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent))).toEqual([
      ['3', '职务编码', '职务编码「lead」已在第 2 行'],
      ['5', '职级', '职级须为 1 至 10 的整数'],
    ]);
    // the same file again would fail the same way: the button waits for another
    expect(screen.getByTestId('thing-import-submit').hasAttribute('disabled')).toBe(true);
  });

  it('says how many came in, and shows a refusal of the whole file', async () => {
    grant(['system:position:import']);
    const upload = vi.fn<(file: File) => Promise<ImportResult>>().mockRejectedValueOnce(new Error('文件中没有数据行')).mockResolvedValueOnce({ imported: 3, errors: [] });
    renderUi(<Harness template={vi.fn()} upload={upload} />);
    fireEvent.click(screen.getByTestId('thing-import'));
    await screen.findByTestId('thing-import-dialog');
    await choose('things.xlsx');
    fireEvent.click(screen.getByTestId('thing-import-submit'));
    expect((await screen.findByTestId('thing-import-failure')).textContent).toBe('文件中没有数据行');
    fireEvent.click(screen.getByTestId('thing-import-submit'));
    expect((await screen.findByTestId('thing-import-success')).textContent).toBe('Imported (things: 3)');
    expect(screen.queryByTestId('thing-import-submit')).toBeNull();
  });

  it('says an empty file is empty, before sending it and when the server found no row in it; the latter may be sent again', async () => {
    grant(['system:position:import']);
    const upload = vi.fn<(file: File) => Promise<ImportResult>>(async () => ({ imported: 0, errors: [] }));
    renderUi(<Harness template={vi.fn()} upload={upload} />);
    fireEvent.click(screen.getByTestId('thing-import'));
    await screen.findByTestId('thing-import-dialog');
    await choose('things.xlsx', XLSX, 0);
    expect((await screen.findByTestId('thing-import-problem')).textContent).toBe('文件是空的');
    await choose('things.xlsx');
    fireEvent.click(screen.getByTestId('thing-import-submit'));
    expect((await screen.findByTestId('thing-import-empty')).textContent).toBe('文件是空的');
    expect(screen.queryByTestId('thing-import-success')).toBeNull();
    expect(screen.getByTestId('thing-import-submit').hasAttribute('disabled')).toBe(false);
  });

  it("shows an upload's progress while it runs, when the upload reports it", async () => {
    function Pending() {
      const never = useMutation<ImportResult, Error, File>({ mutationFn: () => new Promise(() => undefined) });
      return <ImportDialog open onClose={vi.fn()} testId="thing-import" texts={texts} template={useMutation({ mutationFn: vi.fn() })} upload={never} progress={40} />;
    }
    renderUi(<Pending />);
    await choose('things.xlsx');
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(screen.getByTestId('thing-import-submit'));
    expect((await screen.findByRole('progressbar')).getAttribute('aria-valuenow')).toBe('40');
  });
});
