import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from './error-boundary.tsx';

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

/** A lazily loaded page: a spinner while its chunk loads, and on failure or timeout a Retry that loads it anew. */
export function LazyPage({ load, timeoutMs = CHUNK_TIMEOUT_MS }: { load: PageLoader; timeoutMs?: number }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  // a new lazy component per attempt: React remembers a rejected one forever
  const Page = useMemo(() => lazy(async () => ({ default: await withTimeout(load(), timeoutMs) })), [load, timeoutMs, attempt]);
  return (
    <ErrorBoundary
      key={attempt}
      fallback={(error) => (
        <Result
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
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
