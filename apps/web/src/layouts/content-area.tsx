import { PageArea } from './page-area.tsx';

/** The content of the main layout: with multi-page tabs or without (settings drawer). */
export function ContentArea() {
  return <PageArea />;
}
