/**
 * Channel content (pages, FAQ answers) is HTML written in the channel's back office; it is shown only after
 * DOMPurify has cut it down to this allow-list: paragraphs, h2–h4 headings, lists, links, bold and italic, line
 * breaks. Every other element is dropped but its text kept (scripts, styles, embeds and forms are dropped with their
 * content), every attribute is dropped, and a link keeps its `href` only when it is http(s) or relative, with
 * rel="noopener noreferrer" added; a link without a safe `href` becomes its text.
 *
 * DOMPurify parses into an inert document (nothing runs or loads) and ships with the lazy views that import this
 * module, never with the first load.
 */
import DOMPurify, { type Config } from 'dompurify';

const KEPT = ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'b', 'i', 'br'];

/** Headings outside h2–h4 become the nearest kept level: the page's own title is its only h1. */
const RENAMED: Readonly<Record<string, string>> = { h1: 'h2', h5: 'h4', h6: 'h4' };

/** Dropped with everything inside them, besides DOMPurify's own list (scripts, styles, iframes, svg, media...). */
const DROPPED = ['object', 'embed', 'applet', 'frame', 'frameset', 'form', 'button', 'select', 'textarea', 'option', 'canvas', 'map'];

/** Dropped elements after which words would run together: a space keeps them apart. */
const BLOCKS = new Set([
  'div', 'section', 'article', 'aside', 'header', 'footer', 'nav', 'main', 'blockquote', 'pre', 'address', 'figure',
  'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'dl', 'dt', 'dd', 'hr', 'details',
  'summary',
]);

/**
 * http(s), or no scheme at all (relative, protocol-relative, fragment). DOMPurify tests it after removing the
 * whitespace and control characters browsers ignore inside a scheme ("java\tscript:").
 */
const SAFE_URL = /^(?:https?:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const CONFIG = {
  ALLOWED_TAGS: [...KEPT, ...Object.keys(RENAMED)],
  ALLOWED_ATTR: ['href'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: SAFE_URL,
  ADD_FORBID_CONTENTS: DROPPED,
  RETURN_DOM_FRAGMENT: true,
} satisfies Config;

/** An instance of our own, so that these hooks apply to this allow-list only. */
const purify = DOMPurify(window);

purify.addHook('uponSanitizeElement', (node, data) => {
  if (BLOCKS.has(data.tagName)) node.parentNode?.insertBefore(document.createTextNode(' '), node.nextSibling);
});
purify.addHook('uponSanitizeAttribute', (node, data) => {
  if (data.attrName === 'href' && node.nodeName !== 'A') data.keepAttr = false;
});
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && node.hasAttribute('href')) node.setAttribute('rel', 'noopener noreferrer');
});

/** The allowed part of `html`, as HTML. */
export function sanitizeHtml(html: string): string {
  // Without a DOM DOMPurify answers its input unchanged: fail closed instead.
  if (!purify.isSupported) throw new Error('sanitizeHtml needs a DOM');
  const clean = purify.sanitize(html, CONFIG);
  // What is left is inert and allowed; only the shape changes: headings renamed, unsafe links unwrapped.
  for (const heading of clean.querySelectorAll(Object.keys(RENAMED).join(','))) {
    const renamed = heading.ownerDocument.createElement(RENAMED[heading.localName] ?? 'h2');
    renamed.append(...heading.childNodes);
    heading.replaceWith(renamed);
  }
  for (const link of clean.querySelectorAll('a:not([href])')) link.replaceWith(...link.childNodes);
  const container = clean.ownerDocument.createElement('div');
  container.append(clean);
  return container.innerHTML;
}
