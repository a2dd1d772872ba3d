import type { ReelSymbol } from '../engines/reels';

/**
 * The reel symbols as inline SVG (no emoji font or image request needed: phones without colour emoji
 * and a page with no network still show them). Presentation attributes only, so the page's CSP holds.
 */
const svg = (body: string) =>
  `<svg viewBox="0 0 48 48" width="100%" height="100%" aria-hidden="true">${body}</svg>`;

export const SYMBOL_FACES: Record<ReelSymbol, string> = {
  seven: svg(
    '<text x="24" y="39" text-anchor="middle" font-size="40" font-weight="900" font-family="system-ui, sans-serif" fill="#f87171">7</text>',
  ),
  bar: svg(
    '<rect x="3" y="15" width="42" height="18" rx="3" fill="#e7e5e4"/><text x="24" y="29" text-anchor="middle" font-size="13" font-weight="900" font-family="system-ui, sans-serif" fill="#1c1917">BAR</text>',
  ),
  bell: svg(
    '<path d="M24 6c-8 0-12 7-12 15v9l-5 6h34l-5-6v-9c0-8-4-15-12-15z" fill="#facc15"/><circle cx="24" cy="40" r="4" fill="#facc15"/>',
  ),
  cherry: svg(
    '<path d="M16 30Q20 15 34 7M32 30Q30 18 34 7" stroke="#4ade80" stroke-width="3" fill="none"/><circle cx="15" cy="34" r="8" fill="#ef4444"/><circle cx="32" cy="34" r="8" fill="#dc2626"/>',
  ),
  lemon: svg(
    '<ellipse cx="24" cy="25" rx="16" ry="12" fill="#fde047"/><circle cx="7" cy="25" r="3" fill="#fde047"/><circle cx="41" cy="25" r="3" fill="#fde047"/>',
  ),
  blank: svg('<rect x="14" y="22" width="20" height="4" rx="2" fill="#a8a29e"/>'),
};
