import type { ReactNode } from 'react';
import { App as AntApp } from 'antd';
import './readable-tags.css';
import './table-measure-row.css';
import { AppProviders } from './app-providers.tsx';
import { FeedbackBridge } from './feedback-bridge.tsx';
import { useTabsMoreButtonsHidden } from './tabs-more-button.ts';

/**
 * What the portal's antd pages run in: theme, antd's locale, TanStack Query, and message /
 * notification / modal for the HTTP client. Around the main layout and the 404 page, not the
 * public pages, which load no antd (docs/decisions/0006).
 */
export function AntdShell({ children }: { children: ReactNode }) {
  useTabsMoreButtonsHidden();
  return (
    <AppProviders>
      <AntApp>
        <FeedbackBridge />
        {children}
      </AntApp>
    </AppProviders>
  );
}
