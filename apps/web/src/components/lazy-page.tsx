import { createElement, lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from './error-boundary.tsx';
import { StatusMessage } from './status-message.tsx';

/** Spec §9: a page's script chunk may take up to 120 s. */
export const CHUNK_TIMEOUT_MS = 120_000;

class ChunkTimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new ChunkTimeoutError('chunk load timeout')), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export type PageLoader = () => Promise<ComponentType>;

/**
 * One lazy component per loader and attempt, made outside render: a component created while
 * rendering would re-mount its page on every render. A failed attempt is never reused (React
 * remembers a rejected lazy component forever), so Retry asks for the next attempt's.
 */
const lazyPages = new WeakMap<PageLoader, Map<string, LazyExoticComponent<ComponentType>>>();

function lazyPageOf(load: PageLoader, timeoutMs: number, attempt: number): LazyExoticComponent<ComponentType> {
  let byAttempt = lazyPages.get(load);
  if (!byAttempt) {
    byAttempt = new Map();
    lazyPages.set(load, byAttempt);
  }
  const key = `${timeoutMs}:${attempt}`;
  let page = byAttempt.get(key);
  if (!page) {
    page = lazy(async () => ({ default: await withTimeout(load(), timeoutMs) }));
    byAttempt.set(key, page);
  }
  return page;
}

/** A lazily loaded page: a spinner while its chunk loads, and on failure or timeout a Retry that loads it anew. */
export function LazyPage({ load, timeoutMs = CHUNK_TIMEOUT_MS }: { load: PageLoader; timeoutMs?: number }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  // stable per loader and attempt (lazyPageOf), though the lint cannot see that through a call
  const page = lazyPageOf(load, timeoutMs, attempt);
  return (
    <ErrorBoundary
      key={attempt}
      fallback={(error) => (
        <StatusMessage
          status="warning"
          title={error instanceof ChunkTimeoutError ? t('errors.chunkTimeout') : t('errors.chunkFailed')}
          extra={
            <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('errors.retry')}
            </Button>
          }
        />
      )}
    >
      <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
        {createElement(page)}
      </Suspense>
    </ErrorBoundary>
  );
}
