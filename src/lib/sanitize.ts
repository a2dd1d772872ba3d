import DOMPurify from 'dompurify';

/**
 * Server HTML (banner remarks, help pages) is sanitized by the server and again here before it is
 * rendered: no scripts, no event handlers, no javascript: URLs, no inline styles (the CSP forbids them),
 * no frames or forms. Links open outside the app. Its headings are renumbered to sit under the page's
 * own: the highest becomes `topHeading`, each lower level the next one, so no level is skipped (an
 * operator's help page of h3s under the page's h1 was a skip that screen-reader users navigate by).
 */
export function sanitizeHtml(html: string, topHeading = 2): string {
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    RETURN_TRUSTED_TYPE: false,
  });
  if (!clean.includes('<a') && !/<h[1-6]/i.test(clean)) return clean;
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const anchor of template.content.querySelectorAll('a[href]')) {
    anchor.setAttribute('target', '_blank');
    anchor.setAttribute('rel', 'noopener noreferrer');
  }
  renumberHeadings(template.content, topHeading);
  return template.innerHTML;
}

const levelOf = (heading: Element) => Number(heading.tagName.slice(1));

function renumberHeadings(root: DocumentFragment, top: number): void {
  const headings = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  const levels = [...new Set(headings.map(levelOf))].sort((a, b) => a - b);
  for (const heading of headings) {
    const level = Math.min(6, top + levels.indexOf(levelOf(heading)));
    if (level === levelOf(heading)) continue;
    const renamed = document.createElement(`h${level}`);
    for (const attribute of heading.attributes) renamed.setAttribute(attribute.name, attribute.value);
    renamed.append(...heading.childNodes);
    heading.replaceWith(renamed);
  }
}
