import { useEffect } from 'react';

/**
 * antd draws the button that lists a tab bar's overflowing tabs inside its role=tablist, where only
 * tabs may be (axe: aria-required-children, serious), on every tab bar of the portal: the multi-page
 * tabs, a card's tabs, a list's status tabs. The tabs themselves are reached with the arrow keys (antd
 * scrolls the focused one into view), so the button is the pointer's shortcut: it leaves the
 * accessibility tree and the tab order, as the multi-page tabs' close buttons do (layouts/tabs).
 */
export function hideTabsMoreButtons(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLElement>('[role="tablist"] .ant-tabs-nav-more:not([aria-hidden])')) {
    button.setAttribute('aria-hidden', 'true');
    button.tabIndex = -1;
  }
}

/** Keeps every tab bar's overflow button out of the accessibility tree, as tab bars come and go. */
export function useTabsMoreButtonsHidden(): void {
  useEffect(() => {
    hideTabsMoreButtons(document.body);
    const observer = new MutationObserver(() => hideTabsMoreButtons(document.body));
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}
