/**
 * Channel page content is HTML written in the channel's back office; it is shown only after this allow-list has
 * rebuilt it: paragraphs, h2–h4 headings, lists, links, bold and italic, line breaks. Every other element is
 * dropped but its text kept (scripts, styles and embeds are dropped with their content), every attribute is dropped,
 * and a link keeps its `href` only when it is http(s) or relative, with rel="noopener noreferrer" added.
 *
 * The input is parsed with DOMParser, whose documents are inert: no script runs and nothing loads while parsing.
 */

const KEPT = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'b', 'i', 'br']);

/** Headings outside h2–h4 become the nearest kept level: the page's own title is its only h1. */
const RENAMED: Readonly<Record<string, string>> = { h1: 'h2', h5: 'h4', h6: 'h4' };

/** Dropped with everything inside them: what is not text to read. */
const DROPPED = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math',
  'head', 'title', 'meta', 'link', 'base', 'form', 'input', 'button', 'select', 'textarea', 'option', 'audio', 'video',
  'canvas', 'img', 'picture', 'source', 'track', 'map',
]);

/** Dropped elements after which words would run together: a space keeps them apart. */
const BLOCKS = new Set([
  'div', 'section', 'article', 'aside', 'header', 'footer', 'nav', 'main', 'blockquote', 'pre', 'address', 'figure',
  'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'dl', 'dt', 'dd', 'hr', 'details',
  'summary',
]);

// Browsers ignore ASCII whitespace and control characters inside a URL's scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex
const IGNORED_IN_URL = /[\u0000-\u0020\u007f]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The `href` as written when it is http(s), protocol-relative or relative; null for any other scheme. */
export function safeHref(href: string | null): string | null {
  if (href === null) return null;
  const compact = href.replace(IGNORED_IN_URL, '');
  if (compact === '') return null;
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return null;
  return href.trim();
}

/** The allowed part of `html`, as HTML. */
export function sanitizeHtml(html: string): string {
  const source = new DOMParser().parseFromString(html, 'text/html');
  const output = source.createElement('div');
  copyChildren(source.body, output, source);
  return output.innerHTML;
}

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const child of from.childNodes) copyNode(child, to, doc);
}

function copyNode(node: Node, to: Node, doc: Document): void {
  if (node.nodeType === node.TEXT_NODE) {
    to.appendChild(doc.createTextNode(node.textContent ?? ''));
    return;
  }
  if (node.nodeType !== node.ELEMENT_NODE) return; // comments, processing instructions
  const element = node as Element;
  const name = element.localName.toLowerCase();
  if (DROPPED.has(name) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') return;
  const kept = RENAMED[name] ?? (KEPT.has(name) ? name : null);
  if (kept === null) {
    copyChildren(element, to, doc);
    if (BLOCKS.has(name)) to.appendChild(doc.createTextNode(' '));
    return;
  }
  if (kept === 'a') {
    const href = safeHref(element.getAttribute('href'));
    if (href === null) {
      copyChildren(element, to, doc);
      return;
    }
    const link = doc.createElement('a');
    link.setAttribute('href', href);
    link.setAttribute('rel', 'noopener noreferrer');
    copyChildren(element, link, doc);
    to.appendChild(link);
    return;
  }
  const copy = doc.createElement(kept);
  copyChildren(element, copy, doc);
  to.appendChild(copy);
}
