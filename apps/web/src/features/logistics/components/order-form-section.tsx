import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** Four fields a row on a wide drawer, two on a tablet, one on a phone. */
export const HALF = { xs: 24, sm: 12 } as const;
export const THIRD = { xs: 24, sm: 12, lg: 8 } as const;
export const QUARTER = { xs: 12, sm: 6 } as const;

/** A titled part of the order form. */
export function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section style={{ marginBottom: 8 }}>
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: extra ? 4 : 12 }}>
        {title}
      </Typography.Title>
      {extra && <div style={{ marginBottom: 12 }}>{extra}</div>}
      {children}
    </section>
  );
}
