import { useCallback, useRef, useState } from 'react';

export type Action<I, O> = {
  /** runs the call; `onSuccess` gets its answer, a failure is kept in `error` */
  run: (input: I, onSuccess?: (output: O) => void) => void;
  pending: boolean;
  error: Error | null;
  reset: () => void;
};

/**
 * One call at a time with its pending and error state: what the public pages need of a mutation,
 * without TanStack Query, which they do not load (docs/decisions/0006).
 */
export function useAction<I, O>(call: (input: I) => Promise<O>): Action<I, O> {
  const [state, setState] = useState<{ pending: boolean; error: Error | null }>({ pending: false, error: null });
  const running = useRef(false);
  const run = useCallback(
    (input: I, onSuccess?: (output: O) => void) => {
      if (running.current) return;
      running.current = true;
      setState({ pending: true, error: null });
      call(input).then(
        (output) => {
          running.current = false;
          setState({ pending: false, error: null });
          onSuccess?.(output);
        },
        (error: unknown) => {
          running.current = false;
          setState({ pending: false, error: error instanceof Error ? error : new Error(String(error)) });
        },
      );
    },
    [call],
  );
  const reset = useCallback(() => setState({ pending: false, error: null }), []);
  return { ...state, run, reset };
}
