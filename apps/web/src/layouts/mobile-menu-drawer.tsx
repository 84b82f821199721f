import type { ReactNode } from 'react';
import { Drawer } from 'antd';

type Props = { open: boolean; onClose: () => void; width: number; background: string | undefined; children: ReactNode };

/** The menu on a phone: a drawer from the left (main-layout.tsx loads it on narrow screens only). */
export function MobileMenuDrawer({ open, onClose, width, background, children }: Props) {
  return (
    <Drawer placement="left" open={open} onClose={onClose} size={width} closable={false} styles={{ body: { padding: 0, background } }}>
      {children}
    </Drawer>
  );
}
