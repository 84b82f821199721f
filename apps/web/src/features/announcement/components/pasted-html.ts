import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '@portal/shared/rich-text-allow-list';

const TAGS = new Set<string>(RICH_TEXT_TAGS);
const DROPPED = new Set<string>(RICH_TEXT_DROPPED);
const SAFE_HREF = new RegExp(`^(${RICH_TEXT_SCHEMES.join('|')}):`, 'i');

/**
 * Pasted HTML reduced to what the server keeps (the shared allow-list) before the editor reads it. It is
 * parsed by DOMParser, into a document that runs nothing and loads nothing, and rebuilt there element by
 * element: what is not allowed is unwrapped (its words kept) or, for a script, style or frame, dropped whole.
 */
export function pastedHtml(html: string): string {
  const source = new DOMParser().parseFromString(html, 'text/html');
  const target = document.implementation.createHTMLDocument('');
  const copy = (from: Node, into: Node) => {
    for (const child of Array.from(from.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) into.appendChild(target.createTextNode(child.textContent ?? ''));
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const tag = (child as Element).tagName.toLowerCase();
      if (DROPPED.has(tag)) continue;
      if (!TAGS.has(tag)) {
        copy(child, into);
        continue;
      }
      const element = target.createElement(tag);
      for (const name of RICH_TEXT_ATTRIBUTES[tag] ?? []) {
        const value = (child as Element).getAttribute(name);
        if (value === null || (name === 'href' && !SAFE_HREF.test(value.trim()))) continue;
        element.setAttribute(name, value);
      }
      copy(child, element);
      into.appendChild(element);
    }
  };
  copy(source.body, target.body);
  return target.body.innerHTML;
}
