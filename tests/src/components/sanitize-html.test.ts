// @vitest-environment jsdom
/** The allow-list that channel page content goes through before it is shown. */
import { describe, expect, it } from 'vitest';
import { safeHref, sanitizeHtml } from '../../../src/components/sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps paragraphs, h2–h4, lists, emphasis and line breaks', () => {
    const html = '<h2>Title</h2><h3>Sub</h3><h4>Small</h4><p>A <strong>b</strong> <em>c</em> <b>d</b> <i>e</i><br>f</p><ul><li>1</li></ul><ol><li>2</li></ol>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles and embeds with their content', () => {
    expect(sanitizeHtml('<p>Hi</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe>')).toBe('<p>Hi</p>');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('drops every attribute, event handlers included', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red" class="x" id="y">Hi</p>')).toBe('<p>Hi</p>');
    expect(sanitizeHtml('<img src="x" onerror="alert(1)"><p>after</p>')).toBe('<p>after</p>');
    expect(sanitizeHtml('<strong onmouseover="alert(1)">bold</strong>')).toBe('<strong>bold</strong>');
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

describe('safeHref', () => {
  it('accepts http(s), protocol-relative and relative URLs only', () => {
    expect(safeHref('http://a.example')).toBe('http://a.example');
    expect(safeHref('  /page ')).toBe('/page');
    expect(safeHref('#top')).toBe('#top');
    expect(safeHref('javascript:void(0)')).toBeNull();
    expect(safeHref('')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });
});
