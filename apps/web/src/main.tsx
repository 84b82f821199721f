import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import './lib/i18n.ts';
import { AppProviders } from './app/app-providers.tsx';
import { PlaceholderPage } from './app/placeholder-page.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <PlaceholderPage />
    </AppProviders>
  </StrictMode>,
);
