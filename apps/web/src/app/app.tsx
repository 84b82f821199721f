import { App as AntApp } from 'antd';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app-providers.tsx';
import { FeedbackBridge } from './feedback-bridge.tsx';
import { router } from './router.tsx';

export function App() {
  return (
    <AppProviders>
      <AntApp>
        <FeedbackBridge />
        <RouterProvider router={router} />
      </AntApp>
    </AppProviders>
  );
}
