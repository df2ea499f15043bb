// @vitest-environment jsdom
/** The allow-list (over DOMPurify) that channel content goes through before it is shown. */
import { describe, expect, it } from 'vitest';
import DOMPurify from 'dompurify';
import { sanitizeHtml } from '../../../src/components/sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps paragraphs, h2–h4, lists, emphasis and line breaks', () => {
    const html = '<h2>Title</h2><h3>Sub</h3><h4>Small</h4><p>A <strong>b</strong> <em>c</em> <b>d</b> <i>e</i><br>f</p><ul><li>1</li></ul><ol><li>2</li></ol>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it.each([
    ['<p>Hi</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe>', '<p>Hi</p>'],
    ['<svg><script>alert(1)</script></svg><p>ok</p>', '<p>ok</p>'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe><video src="x"><p>no</p></video><p>ok</p>', '<p>ok</p>'],
    ['<object data="x.swf"><p>fallback</p></object><embed src="x"><p>ok</p>', '<p>ok</p>'],
    ['<form action="https://x"><p>Name</p><input name="n"><button>Send</button></form><p>ok</p>', '<p>ok</p>'],
    // Every attribute goes: event handlers, style, data-, aria-, and href off a link.
    ['<p onclick="alert(1)" style="color:red" class="x" id="y">Hi</p>', '<p>Hi</p>'],
    ['<img src="x" onerror="alert(1)"><p>after</p>', '<p>after</p>'],
    ['<strong onmouseover="alert(1)">bold</strong>', '<strong>bold</strong>'],
    ['<p data-x="1" aria-label="y" style="background:url(javascript:x)">Hi</p>', '<p>Hi</p>'],
    ['<p href="https://example.com">Hi</p><h2 href="javascript:x">T</h2>', '<p>Hi</p><h2>T</h2>'],
  ])('drops scripts, styles, embeds and forms with their content, and every attribute: %s', (html, clean) => {
    expect(sanitizeHtml(html)).toBe(clean);
  });

  it('keeps the text of other elements, without their tags', () => {
    expect(sanitizeHtml('<div><span>one</span></div><div>two</div>')).toBe('one two ');
    expect(sanitizeHtml('<h1>Big</h1><h6>tiny</h6>')).toBe('<h2>Big</h2><h4>tiny</h4>');
    expect(sanitizeHtml('<!-- note --><p>x</p>')).toBe('<p>x</p>');
  });

  it('keeps http(s) and relative links, with rel="noopener noreferrer", and nothing else of them', () => {
    expect(sanitizeHtml('<a href="https://example.com/x" target="_blank" onclick="x()">ext</a>')).toBe(
      '<a href="https://example.com/x" rel="noopener noreferrer">ext</a>',
    );
    expect(sanitizeHtml('<a href="/faq">faq</a>')).toBe('<a href="/faq" rel="noopener noreferrer">faq</a>');
    expect(sanitizeHtml('<a href="terms">t</a>')).toBe('<a href="terms" rel="noopener noreferrer">t</a>');
  });

  it('unwraps links to javascript:, data: and other schemes, however they are disguised', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' java\tscript:alert(1)', 'java&#x09;script:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'mailto:a@b.c']) {
      expect(sanitizeHtml(`<a href="${href}">click</a>`), href).toBe('click');
    }
  });

  it('escapes text rather than reading it as markup', () => {
    expect(sanitizeHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });
});

describe('sanitizeHtml on hostile input', () => {
  it('survives the mutation-XSS classics', () => {
    const samples = [
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<math><mi><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img src=1 onerror=alert(1)&gt;">',
      '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
      '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    ];
    for (const html of samples) {
      const clean = sanitizeHtml(html);
      const host = document.createElement('div');
      host.innerHTML = clean;
      expect(host.querySelector('img, script, style, svg, math, [onerror]'), html).toBeNull();
      expect(clean, html).not.toMatch(/onerror|<img|<script/i);
    }
  });

  it('adds rel="noopener noreferrer" to every kept link and drops target', () => {
    expect(sanitizeHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps http(s), protocol-relative, fragment and relative links; unwraps every other scheme', () => {
    for (const href of ['http://a.example', 'HTTPS://a.example/p?q=1', '//cdn.example/x', '#top', '/page', 'page.html', '../up', '?q=1']) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe(`<a href="${href}" rel="noopener noreferrer">x</a>`);
    }
    for (const href of ['&#106;avascript:alert(1)', 'javascript&colon;alert(1)', '\u0001javascript:alert(1)', 'tel:123', 'ftp://x', 'blob:https://x/1', 'file:///etc/passwd']) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe('x');
    }
  });

  it('does not change the shared DOMPurify instance: its hooks are its own', () => {
    sanitizeHtml('<a href="/x">x</a>');
    expect(DOMPurify.sanitize('<a href="/x">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('answers plain text and empty input as they are', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml('Tom &amp; Jerry')).toBe('Tom &amp; Jerry');
  });
});
