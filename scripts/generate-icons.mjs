// Writes the web app manifest's PNG icons from the Beacon mark (public/favicon.svg, src/ui/brand-mark.tsx)
// with node alone: no image package. Run `node scripts/generate-icons.mjs` after changing the mark.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

// The mark is drawn on a 56-unit square, as in the SVG.
const VIEW = 56;
const ORANGE = [0xf9, 0x73, 0x16];
const WHITE = [0xff, 0xff, 0xff];
const EMBER = [0xc2, 0x41, 0x0c];
const SAMPLES = 4; // per axis: 16 samples a pixel smooth the edges

/** The pin outline of the SVG path, flattened to a polygon. */
function pinPolygon() {
  const points = [];
  const arc = (from, to) => {
    for (let i = 0; i <= 32; i++) {
      const a = from + ((to - from) * i) / 32;
      points.push([28 + 10 * Math.cos(a), 22 + 10 * Math.sin(a)]);
    }
  };
  const cubic = (p0, p1, p2, p3) => {
    for (let i = 1; i <= 48; i++) {
      const t = i / 48;
      const u = 1 - t;
      const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
      points.push([
        w[0] * p0[0] + w[1] * p1[0] + w[2] * p2[0] + w[3] * p3[0],
        w[0] * p0[1] + w[1] * p1[1] + w[2] * p2[1] + w[3] * p3[1],
      ]);
    }
  };
  // M28 12 a10 10 0 0 1 10 10 c0 7 -10 18 -10 18 S18 29 18 22 a10 10 0 0 1 10 -10Z
  arc(-Math.PI / 2, 0);
  cubic([38, 22], [38, 29], [28, 40], [28, 40]);
  cubic([28, 40], [28, 40], [18, 29], [18, 22]);
  arc(Math.PI, 1.5 * Math.PI);
  return points;
}

const PIN = pinPolygon();

function insidePolygon(poly, x, y) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedSquare(x, y, r) {
  const cx = Math.min(Math.max(x, r), VIEW - r);
  const cy = Math.min(Math.max(y, r), VIEW - r);
  return x >= 0 && y >= 0 && x <= VIEW && y <= VIEW && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** Distance from (x, y) to the segment (20,44)-(36,44): the horizon line with round caps. */
const horizonDistance = (x, y) => Math.hypot(x - Math.min(Math.max(x, 20), 36), y - 44);

/**
 * The colour at a point of the mark, or null where it is transparent. `glyphScale` shrinks the pin and the
 * horizon about the centre (maskable icons keep them well inside the safe zone); `fullBleed` fills the
 * whole square, since the platform cuts its own shape out of a maskable icon.
 */
function colourAt(x, y, { glyphScale, fullBleed }) {
  const background = fullBleed ? x >= 0 && y >= 0 && x <= VIEW && y <= VIEW : insideRoundedSquare(x, y, 16);
  if (!background) return null;
  const gx = VIEW / 2 + (x - VIEW / 2) / glyphScale;
  const gy = VIEW / 2 + (y - VIEW / 2) / glyphScale;
  if ((gx - 28) ** 2 + (gy - 22) ** 2 <= 16) return EMBER;
  // The pin spans x 18..38, y 12..40; the bounds check spares most samples the polygon walk.
  if (gx >= 18 && gx <= 38 && gy >= 12 && gy <= 40 && insidePolygon(PIN, gx, gy)) return WHITE;
  if (horizonDistance(gx, gy) <= 1.5) return WHITE;
  return ORANGE;
}

function render(size, options) {
  const rgba = Buffer.alloc(size * size * 4);
  const unit = VIEW / size;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const c = colourAt((px + (sx + 0.5) / SAMPLES) * unit, (py + (sy + 0.5) / SAMPLES) * unit, options);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          covered++;
        }
      }
      const o = (py * size + px) * 4;
      if (covered > 0) {
        rgba[o] = Math.round(r / covered);
        rgba[o + 1] = Math.round(g / covered);
        rgba[o + 2] = Math.round(b / covered);
        rgba[o + 3] = Math.round((255 * covered) / (SAMPLES * SAMPLES));
      }
    }
  }
  return rgba;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG, every row unfiltered. */
function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ICONS = [
  { file: 'icon-192.png', size: 192, glyphScale: 1, fullBleed: false },
  { file: 'icon-512.png', size: 512, glyphScale: 1, fullBleed: false },
  // The glyph reaches 35% of the width from the centre; at 0.9 it stays within 32%, inside the 40% safe zone.
  { file: 'maskable-512.png', size: 512, glyphScale: 0.9, fullBleed: true },
];

for (const { file, size, ...options } of ICONS) {
  const png = encodePng(size, render(size, options));
  writeFileSync(path.join(OUT, file), png);
  console.log(`${file}: ${size}x${size}, ${png.length} bytes`);
}
