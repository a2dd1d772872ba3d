import { describe, expect, it } from 'vitest';
import { bannerPicture } from '#contract/content';
import { sanitizeHtml } from '#lib/sanitize';

describe('bannerPicture (spec section 2: per-language picture, else the default)', () => {
  const banner = {
    picUrl: '/media/banner/1.svg',
    multiPic: {
      'en-US': '/media/banner/1-en.svg',
      'zh-CN': '/media/banner/1-zh.svg',
      ko: '/media/banner/1-ko.svg',
    },
  };
  it('uses the exact locale', () => {
    expect(bannerPicture(banner, 'zh-CN')).toBe('/media/banner/1-zh.svg');
    expect(bannerPicture(banner, 'en-US')).toBe('/media/banner/1-en.svg');
  });
  it('falls back to the language, then to a map entry of the same language', () => {
    expect(bannerPicture(banner, 'ko-KR')).toBe('/media/banner/1-ko.svg');
    expect(bannerPicture(banner, 'en-PH')).toBe('/media/banner/1-en.svg');
  });
  it('uses the default picture without a map or without the language', () => {
    expect(bannerPicture({ picUrl: '/d.svg', multiPic: null }, 'zh-CN')).toBe('/d.svg');
    expect(bannerPicture(banner, 'es-ES')).toBe('/media/banner/1.svg');
    expect(bannerPicture({ picUrl: '/d.svg', multiPic: { 'es-ES': '' } }, 'es-ES')).toBe('/d.svg');
  });
});

describe('sanitizeHtml (server HTML is sanitized again before rendering)', () => {
  it('removes scripts, event handlers and javascript: URLs', () => {
    const clean = sanitizeHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><img src="x" onerror="steal()"><a href="javascript:steal()">x</a>',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain('<p>Hi</p>');
  });
  it('removes inline styles, frames and forms (the CSP forbids them anyway)', () => {
    const clean = sanitizeHtml(
      '<p style="color:red">a</p><style>p{}</style><iframe src="https://x"></iframe><form><input></form>',
    );
    expect(clean).toBe('<p>a</p>');
  });
  it('keeps formatting and opens links outside the app safely', () => {
    const clean = sanitizeHtml(
      '<h2>Title</h2><ul><li><strong>b</strong></li></ul><a href="https://x.example">x</a>',
    );
    expect(clean).toContain('<h2>Title</h2><ul><li><strong>b</strong></li></ul>');
    expect(clean).toContain('target="_blank"');
    expect(clean).toContain('rel="noopener noreferrer"');
  });
});

const headings = (html: string) => [...html.matchAll(/<(h[1-6])>([^<]*)</g)].map((m) => `${m[1]} ${m[2]}`);

describe('sanitizeHtml renumbers server headings under the page', () => {
  it('makes a help page of h3s the h2s under the page title (no skipped level)', () => {
    const html = '<h3>How do I promote?</h3><p>Tap Apply.</p><h3>Why grey?</h3><p>Review.</p>';
    expect(headings(sanitizeHtml(html))).toEqual(['h2 How do I promote?', 'h2 Why grey?']);
  });

  it('closes gaps between levels and keeps their order', () => {
    const html = '<h1>A</h1><h4>B</h4><h1>C</h1><h6>D</h6>';
    expect(headings(sanitizeHtml(html))).toEqual(['h2 A', 'h3 B', 'h2 C', 'h4 D']);
  });

  it('starts lower under a dialog title, never past h6', () => {
    expect(headings(sanitizeHtml('<h2>A</h2><h3>B</h3>', 3))).toEqual(['h3 A', 'h4 B']);
    expect(headings(sanitizeHtml('<h1>A</h1><h2>B</h2><h3>C</h3><h4>D</h4>', 4))).toEqual([
      'h4 A',
      'h5 B',
      'h6 C',
      'h6 D',
    ]);
  });

  it('keeps the content and attributes of a renamed heading, and still strips what it must', () => {
    const clean = sanitizeHtml('<h3 id="faq" onclick="x()">Ask <strong>us</strong></h3><script>x()</script>');
    expect(clean).toBe('<h2 id="faq">Ask <strong>us</strong></h2>');
  });

  it('leaves headings already in order alone', () => {
    expect(sanitizeHtml('<h2>A</h2><p>b</p><h3>C</h3>')).toBe('<h2>A</h2><p>b</p><h3>C</h3>');
  });
});
