import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize';

/** Server HTML, sanitized once more right before it is rendered (DESIGN.md: sanitized twice). */
export function HtmlContent({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
  return <div className={`html-content ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
