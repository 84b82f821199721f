import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { AppProviders } from './app-providers.tsx';

/** The system's "reduce motion" setting, changeable while the page is open. */
function systemMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches: reduce,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...list, matches: query === '(prefers-reduced-motion: reduce)' && list.matches }) as unknown as MediaQueryList);
  return {
    set(next: boolean) {
      list.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

function MotionProbe() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

afterEach(() => vi.restoreAllMocks());

describe('the app providers and the system motion setting', () => {
  test('animate by default, and stop animating once the system asks for less motion', () => {
    const system = systemMotion(false);
    render(
      <AppProviders>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
    act(() => system.set(true));
    expect(screen.getByTestId('motion').textContent).toBe('false');
  });
});
