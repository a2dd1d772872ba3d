import DOMPurify, { type Config } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Operator HTML (banner remarks, help/about/service pages) is sanitized on the way out, so nothing
 * stored by mistake or by an attacker reaches a browser as script. The app sanitizes again before
 * rendering; both keep basic formatting, links that open outside the app, and same-origin images.
 */
const purify = DOMPurify(new JSDOM('').window as unknown as Parameters<typeof DOMPurify>[0]);

const CONFIG: Config = {
  ALLOWED_TAGS: [
    'a',
    'b',
    'blockquote',
    'br',
    'code',
    'div',
    'em',
    'h1',
    'h2',
    'h3',
    'h4',
    'hr',
    'i',
    'img',
    'li',
    'ol',
    'p',
    'pre',
    's',
    'small',
    'span',
    'strong',
    'sub',
    'sup',
    'u',
    'ul',
  ],
  ALLOWED_ATTR: ['href', 'src', 'alt', 'title', 'width', 'height', 'target', 'rel'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|[^a-z]|[a-z0-9+.-]+(?:[^a-z0-9+.:-]|$))/i,
};

/** Same-origin image sources only: a path (`/media/...`, `img/x.png`), never a scheme or `//host`. */
const isRelativeSrc = (src: string): boolean =>
  src !== '' && !src.startsWith('//') && !src.startsWith('\\') && !/^[a-z][a-z0-9+.-]*:/i.test(src.trim());

purify.addHook('afterSanitizeAttributes', (node) => {
  const el = node as Element;
  if (el.tagName === 'A') {
    if (el.hasAttribute('href')) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    } else {
      el.removeAttribute('target');
      el.removeAttribute('rel');
    }
  } else if (el.tagName === 'IMG') {
    const src = el.getAttribute('src') ?? '';
    if (!isRelativeSrc(src)) el.remove();
  }
});

// Content is a handful of operator texts, so the clean form is memoised instead of re-parsed per call.
const cache = new Map<string, string>();
const CACHE_MAX = 500;

export function sanitizeHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = purify.sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(html, clean);
  return clean;
}
