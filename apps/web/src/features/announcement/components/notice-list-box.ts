import type { CSSProperties } from 'react';

/** The bell's popover box: the list's, and the same while the list's chunk comes, so that the popover does not move. */
export const NOTICE_LIST_BOX: CSSProperties = { width: 320, maxWidth: 'calc(100vw - 32px)' };
