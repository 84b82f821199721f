import { create } from 'zustand';

/** What the overview's quick actions ask a record page to open as soon as it shows. */
export type WalletAction = 'recharge' | 'pay' | 'refund';

/**
 * Held here rather than in the URL: the multi-page tabs key a page by its path and query, so a
 * `?action=` would open a second tab of the same page, and keep asking for the form whenever that
 * tab comes back. The page that shows takes the request and clears it when its form closes.
 */
const usePending = create<{ pending: WalletAction | null }>(() => ({ pending: null }));

export const requestAction = (action: WalletAction): void => usePending.setState({ pending: action });

export function usePendingAction(action: WalletAction): { requested: boolean; clear: () => void } {
  const requested = usePending((state) => state.pending === action);
  const clear = () => {
    if (usePending.getState().pending === action) usePending.setState({ pending: null });
  };
  return { requested, clear };
}

let sessions = 0;

/** A new number for each opening of a dialog that is mounted anew per opening (its React key). */
export const nextSession = (): number => ++sessions;
