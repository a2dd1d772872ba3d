import DOMPurify from 'dompurify';

/**
 * Server HTML (banner remarks, help pages) is sanitized by the server and again here before it is
 * rendered: no scripts, no event handlers, no javascript: URLs, no inline styles (the CSP forbids them),
 * no frames or forms. Links open outside the app.
 */
export function sanitizeHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    RETURN_TRUSTED_TYPE: false,
  });
  if (!clean.includes('<a')) return clean;
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const anchor of template.content.querySelectorAll('a[href]')) {
    anchor.setAttribute('target', '_blank');
    anchor.setAttribute('rel', 'noopener noreferrer');
  }
  return template.innerHTML;
}
