import type { CSSProperties } from 'react';
import styles from './rich-text-view.module.css';

/**
 * HTML a user wrote (an announcement), as the server keeps it: sanitised there with an allow-list
 * (apps/server/src/lib/rich-text.ts), so that nothing in it runs; the page's Content-Security-Policy
 * (scripts of our own origin only, no inline handlers) stands behind that as a second wall.
 */
export function RichTextView({ html, style, testId }: { html: string; style?: CSSProperties; testId?: string }) {
  return <div className={styles.content} style={style} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The words of such HTML, for a one- or two-line excerpt (parsed inertly: nothing in it loads or runs). */
export function richTextToPlain(html: string): string {
  const blocks = html.replace(/<\/(p|h\d|li|blockquote|pre)>|<br\s*\/?>/g, '$& ');
  const text = new DOMParser().parseFromString(blocks, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}
