/**
 * What rich text may hold (DESIGN §6), for the server that stores it and the editor that takes a paste: no
 * script, style, event handler, frame, form or image; links only to http, https and mailto addresses.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'blockquote', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'hr'] as const;

export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'target', 'rel'], ol: ['start'] };

export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Dropped whole, words and all (the words of any other tag not allowed are kept). */
export const RICH_TEXT_DROPPED = ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'xmp', 'noembed', 'noframes', 'title'] as const;
