import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '@portal/shared/rich-text-allow-list';

/*
 * Rich text that users write (DESIGN §6): whatever the client sends, the server keeps only what the
 * allow-list names (packages/shared, also the editor's paste filter). No script, style, event handler,
 * frame, form or image survives; links keep only http, https and mailto addresses and open without giving
 * the new page a handle on ours. The editor (Tiptap on the web) produces exactly this subset, so a writer
 * loses nothing they could type there.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // the text of what is dropped is kept (a <font> keeps its words), except inside these, which are dropped whole
  nonTextTags: [...RICH_TEXT_DROPPED],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
        rel: 'noopener noreferrer',
      },
    }),
  },
};

/** The allow-listed HTML of what a user wrote. */
export function sanitizeRichText(html: string): string {
  // an <ol start> is a small number, nothing else
  return sanitizeHtml(html, OPTIONS).replace(/<ol start="(?!\d{1,6}")[^"]*"/g, '<ol');
}

/** Whether sanitised HTML holds anything a reader would see (text, or a rule). */
export function hasVisibleContent(html: string): boolean {
  return /<hr/.test(html) || sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '').length > 0;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Plain text as rich text: each paragraph a <p>, each line break a <br>, every character that HTML reads
 * escaped. For text the system writes that carries a user's words (an endpoint's URL in a notice): they show
 * as written and are never read as markup.
 */
export function textAsRichText(paragraphs: readonly string[]): string {
  return paragraphs.map((paragraph) => `<p>${paragraph.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character).replace(/\n/g, '<br>')}</p>`).join('');
}
