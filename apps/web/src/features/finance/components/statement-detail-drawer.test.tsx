import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { signInWith, statement } from '../test/finance-fixtures.ts';
import type { StatementDetail } from '@portal/shared/finance-schemas';
import { StatementDetailDrawer } from './statement-detail-drawer.tsx';

function show(detail: StatementDetail) {
  const calls = stubFetch(({ url }) => (url.pathname === '/api/finance/brand/account/history/detail' ? detail : new Response(null, { status: 404 })));
  renderUi(<StatementDetailDrawer statementId={detail.id} onClose={vi.fn()} />);
  return calls;
}

describe('the monthly statement: its figures checked again on screen', { timeout: 30_000 }, () => {
  beforeAll(() => inEnglish('finance'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('shows opening + in − out = closing as reconciled when the figures agree, with every movement', async () => {
    signInWith([]);
    const calls = show(statement());
    const check = await screen.findByTestId('statement-check');
    expect(within(check).getByTestId('statement-check-line').textContent).toBe('Opening 1,000.00 CNY + in 7,234.50 CNY − out 1,234.56 CNY = 6,999.94 CNY');
    expect(within(check).getByTestId('statement-check-result').textContent).toBe('Reconciled');
    expect(check.getAttribute('data-reconciled')).toBe('true');
    expect(screen.queryByTestId('statement-check-lines')).toBeNull();
    // the statement was asked for by its id, and its movements are listed signed, with the balance after each
    expect(calls.map((call) => call.body)).toEqual([{ id: 11 }]);
    const payment = screen.getByText('PY2602010000001').closest('tr')!;
    expect(within(payment).getByText('-1,234.56 CNY')).toBeTruthy();
    expect(within(payment).getByText('6,999.94 CNY')).toBeTruthy();
    expect(within(screen.getByText('RC2602010000001').closest('tr')!).getByText('+7,234.50 CNY')).toBeTruthy();
  });

  it('says so when the closing balance is not opening + in − out, even by one cent', async () => {
    signInWith([]);
    show(statement({ closing: '6999.95' }));
    const check = await screen.findByTestId('statement-check');
    expect(within(check).getByTestId('statement-check-line').textContent).toBe('Opening 1,000.00 CNY + in 7,234.50 CNY − out 1,234.56 CNY = 6,999.94 CNY');
    expect(within(check).getByTestId('statement-check-result').textContent).toBe('Not reconciled: the closing balance is 6,999.95 CNY');
    expect(check.getAttribute('data-reconciled')).toBe('false');
  });

  it('adds exactly where floats would not (0.10 + 0.20 = 0.30), and flags movements that do not add up', async () => {
    signInWith([]);
    show(
      statement({
        opening: '0.10',
        credits: '0.20',
        debits: '0.00',
        closing: '0.30',
        entryCount: 1,
        lines: [{ ...statement().lines[0]!, amount: '0.25', balance: '0.35' }],
      }),
    );
    const check = await screen.findByTestId('statement-check');
    expect(within(check).getByTestId('statement-check-result').textContent).toBe('Reconciled');
    // the header agrees with itself, but the one movement listed is not the 0.20 that came in
    expect(within(check).getByTestId('statement-check-lines').textContent).toBe('The movements add up to 0.25 CNY, not money in − money out 0.20 CNY');
    expect(check.getAttribute('data-reconciled')).toBe('false');
  });
});
