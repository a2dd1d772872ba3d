/**
 * Deterministic demo artwork: the same key always draws the same picture, so catalogue media needs
 * no files and no network. Colours come from a hash of the key; text is the item's own name.
 */

const FONT =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', 'Apple SD Gothic Neo', sans-serif";

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** FNV-1a: a stable 32-bit hash of the key. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

interface Palette {
  from: string;
  to: string;
  accent: string;
}

function palette(key: string): Palette {
  const h = hash(key);
  const hue = h % 360;
  const shift = 35 + ((h >>> 9) % 50);
  return {
    from: `hsl(${hue} 74% 50%)`,
    to: `hsl(${(hue + shift) % 360} 70% 36%)`,
    accent: `hsl(${(hue + 180) % 360} 90% 85%)`,
  };
}

const isWide = (ch: string): boolean => /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch);

/** "Dragon Quest" -> "DQ"; "三国志" -> "三国"; one word -> its first two letters. */
export function initials(name: string): string {
  const trimmed = name.trim();
  const chars = Array.from(trimmed);
  if (chars.length > 0 && chars[0] && isWide(chars[0])) return chars.slice(0, 2).join('');
  const words = trimmed.split(/[\s\-_:]+/).filter(Boolean);
  const picked =
    words.length >= 2
      ? `${Array.from(words[0] ?? '')[0] ?? ''}${Array.from(words[1] ?? '')[0] ?? ''}`
      : chars.slice(0, 2).join('');
  return picked.toUpperCase() || '?';
}

const gradient = (id: string, p: Palette, x2 = '1', y2 = '1') =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>`;

/** Shortens a title to fit roughly `max` Latin characters (a wide character counts as two). */
function clip(text: string, max: number): string {
  let width = 0;
  let out = '';
  for (const ch of Array.from(text)) {
    width += isWide(ch) ? 2 : 1;
    if (width > max) return `${out.trimEnd()}…`;
    out += ch;
  }
  return out;
}

/** A font size at which `text` fits about `width` pixels (bold Latin is ~0.66 em wide, CJK ~1 em). */
function titleSize(text: string, width: number, max: number): number {
  const ems = Array.from(text).reduce((sum, ch) => sum + (isWide(ch) ? 1 : 0.66), 0);
  return Math.max(28, Math.min(max, Math.floor(width / Math.max(ems, 1))));
}

export function squareIcon(key: string, name: string, rounded = 56): string {
  const p = palette(key);
  const h = hash(key);
  const cx = 40 + (h % 180);
  const cy = 40 + ((h >>> 8) % 180);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escapeXml(name)}">
<defs>${gradient('g', p)}</defs>
<rect width="256" height="256" rx="${rounded}" fill="url(#g)"/>
<circle cx="${cx}" cy="${cy}" r="70" fill="#fff" opacity="0.12"/>
<circle cx="${256 - cx}" cy="${256 - cy}" r="44" fill="${p.accent}" opacity="0.18"/>
<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="92" font-weight="700" fill="#fff">${escapeXml(initials(name))}</text>
</svg>`;
}

const SHOT_CAPTIONS = [
  'Daily rewards',
  'Play with friends',
  'New levels every week',
  'Climb the leaderboard',
  'Collect them all',
];

export function screenshot(key: string, name: string, n: number): string {
  const p = palette(`${key}:${n}`);
  const caption = SHOT_CAPTIONS[(n - 1 + SHOT_CAPTIONS.length) % SHOT_CAPTIONS.length] ?? '';
  const h = hash(`${key}#${n}`);
  const tiles = Array.from({ length: 6 }, (_, i) => {
    const x = 36 + (i % 2) * 150;
    const y = 230 + Math.floor(i / 2) * 120;
    const o = 0.14 + (((h >>> i) & 7) / 7) * 0.2;
    return `<rect x="${x}" y="${y}" width="138" height="104" rx="18" fill="#fff" opacity="${o.toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="640" viewBox="0 0 360 640" role="img" aria-label="${escapeXml(`${name}: ${caption}`)}">
<defs>${gradient('g', p, '0.4', '1')}</defs>
<rect width="360" height="640" fill="url(#g)"/>
<circle cx="300" cy="90" r="120" fill="${p.accent}" opacity="0.16"/>
<text x="36" y="112" font-family="${FONT}" font-size="34" font-weight="700" fill="#fff">${escapeXml(clip(name, 16))}</text>
<text x="36" y="160" font-family="${FONT}" font-size="22" fill="#fff" opacity="0.9">${escapeXml(caption)}</text>
${tiles}
<rect x="36" y="572" width="288" height="44" rx="22" fill="#fff"/>
<text x="180" y="594" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="18" font-weight="700" fill="${p.to}">Play now · ${n}</text>
</svg>`;
}

export function videoCover(key: string, name: string): string {
  const p = palette(`${key}:cover`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360" role="img" aria-label="${escapeXml(name)}">
<defs>${gradient('g', p)}</defs>
<rect width="640" height="360" fill="url(#g)"/>
<circle cx="320" cy="160" r="56" fill="#fff" opacity="0.92"/>
<path d="M304 130 L348 160 L304 190 Z" fill="${p.to}"/>
<text x="320" y="292" text-anchor="middle" font-family="${FONT}" font-size="34" font-weight="700" fill="#fff">${escapeXml(clip(name, 28))}</text>
</svg>`;
}

const CALL_TO_ACTION: Record<string, string> = {
  'en-US': 'Play now',
  'en-PH': 'Play now',
  'es-ES': 'Juega ahora',
  'ko-KR': '지금 플레이',
  'zh-CN': '立即开始',
};

/** 1200 x 391: the carousel's aspect ratio of about 0.326. */
export function bannerPicture(key: string, title: string, locale: string): string {
  const p = palette(`banner:${key}`);
  const cta = CALL_TO_ACTION[locale] ?? CALL_TO_ACTION['en-US'] ?? '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="391" viewBox="0 0 1200 391" role="img" aria-label="${escapeXml(title)}">
<defs>${gradient('g', p, '1', '0.3')}</defs>
<rect width="1200" height="391" fill="url(#g)"/>
<circle cx="1040" cy="80" r="220" fill="#fff" opacity="0.1"/>
<circle cx="940" cy="360" r="140" fill="${p.accent}" opacity="0.18"/>
<text x="72" y="170" font-family="${FONT}" font-size="${titleSize(title, 1000, 72)}" font-weight="800" fill="#fff">${escapeXml(clip(title, 40))}</text>
<rect x="72" y="230" width="260" height="72" rx="36" fill="#fff"/>
<text x="202" y="266" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="700" fill="${p.to}">${escapeXml(cta)}</text>
</svg>`;
}
