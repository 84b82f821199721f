import type { CSSProperties } from 'react';

/** Read by screen readers, not shown (the common "visually hidden" pattern). */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** The heading of a public page, under the layout's product title (h1); `hidden` keeps it for screen readers only. */
export function PageTitle({ children, hidden = false }: { children: string; hidden?: boolean }) {
  return <h2 style={hidden ? VISUALLY_HIDDEN : { fontSize: 20, fontWeight: 600, margin: '0 0 16px', textAlign: 'center' }}>{children}</h2>;
}
