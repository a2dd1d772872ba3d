import { useMemo } from 'react';
import { sanitizeHtml } from '#lib/sanitize';
import './html-content.css';

interface HtmlContentProps {
  html: string;
  className?: string;
  /** The level the content's highest heading takes: one below the heading it sits under. */
  topHeading?: 2 | 3 | 4;
}

/** Server HTML, sanitized once more right before it is rendered (DESIGN.md: sanitized twice). */
export function HtmlContent({ html, className, topHeading = 2 }: HtmlContentProps) {
  const clean = useMemo(() => sanitizeHtml(html, topHeading), [html, topHeading]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
  return <div className={`html-content ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
