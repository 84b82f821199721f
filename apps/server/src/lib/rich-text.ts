import sanitizeHtml from 'sanitize-html';

/*
 * Rich text that users write (DESIGN §6): whatever the client sends, the server keeps only what this
 * allow-list names. No script, style, event handler, frame, form or image survives; links keep only
 * http, https and mailto addresses and open without giving the new page a handle on ours. The editor
 * (Tiptap on the web) produces exactly this subset, so a writer loses nothing they could type there.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'blockquote', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // the text of what is dropped is kept (a <font> keeps its words), except inside these, which are dropped whole
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'xmp', 'noembed', 'noframes', 'title'],
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
