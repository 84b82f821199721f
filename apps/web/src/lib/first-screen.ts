import { useEffect } from 'react';

/*
 * The public pages arrive prerendered (docs/decisions/0009). The session gate (app/session-gate.ts)
 * hides a prerendered page that is not the one to show and holds its controls (aria-disabled, marked
 * data-held) until React has them: text typed into a control React has not yet hydrated would be lost.
 */

/** Shows the page and gives the held controls back. Idempotent. */
export function releaseFirstScreen(): void {
  const root = document.documentElement;
  root.removeAttribute('data-prerendered');
  root.style.removeProperty('visibility');
  for (const control of document.querySelectorAll('[data-held]')) {
    control.removeAttribute('aria-disabled');
    control.removeAttribute('data-held');
  }
}

/**
 * For each prerendered page: its effect runs once React has hydrated the page itself. The root's
 * effect would come too early: a page waiting for its texts (a lazily loaded namespace) is hydrated
 * after the rest of the tree has committed.
 */
export function useFirstScreenReleased(): void {
  useEffect(releaseFirstScreen, []);
}
