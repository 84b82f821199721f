import { useEffect, useState } from 'react';

/** A countdown in whole seconds: `start(n)` sets it to n, and it ticks down to 0 once a second. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [clock, setClock] = useState({ until: 0, now: 0 });
  useEffect(() => {
    if (clock.now >= clock.until) return;
    // wake when the shown number changes: at the next whole second before `until`
    const timer = window.setTimeout(() => setClock((current) => ({ ...current, now: Date.now() })), (clock.until - clock.now) % 1000 || 1000);
    return () => window.clearTimeout(timer);
  }, [clock]);
  const start = (seconds: number) => {
    const now = Date.now();
    setClock({ until: now + seconds * 1000, now });
  };
  return [Math.max(0, Math.ceil((clock.until - clock.now) / 1000)), start];
}
