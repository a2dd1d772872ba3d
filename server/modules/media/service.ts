import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_LOCALES } from '#contract/locales';
import type { AppContext } from '../../context';
import { isItemMedia, mediaItemName } from '../catalogue/service';
import { findBanner } from '../content/service';
import { findUploadByUrl } from '../uploads/service';
import { bannerPicture, screenshot, squareIcon, videoCover } from './svg';

/** The two demo videos shipped with the seed. */
export const VIDEO_DIR = fileURLToPath(new URL('../../seed/media/', import.meta.url));
const VIDEO_FILE = /^[a-z0-9][a-z0-9-]{0,60}\.mp4$/;

export type MediaContent =
  | { kind: 'svg'; body: string; filename: string }
  | { kind: 'bytes'; body: Buffer; filename: string; contentType: string }
  | { kind: 'file'; path: string; filename: string; contentType: string };

const svg = (body: string, filename: string): MediaContent => ({ kind: 'svg', body, filename });

/**
 * What a `/media/...` path stands for, or null. Only these shapes exist; the video name is checked
 * against a strict pattern and read from one folder, so no path can leave it.
 */
export async function resolveMedia(ctx: AppContext, url: string): Promise<MediaContent | null> {
  let m = /^\/media\/wx\/([A-Za-z0-9_-]{1,64})\/(logo|cover|shot-([1-9]))\.svg$/.exec(url);
  if (m) {
    const [, appid = '', which = '', n] = m;
    const name = await mediaItemName(ctx, 'wx', appid);
    if (name === undefined) return null;
    if (which === 'logo') return svg(squareIcon(`wx:${appid}`, name), `${appid}-logo.svg`);
    if (which === 'cover') return svg(videoCover(`wx:${appid}`, name), `${appid}-cover.svg`);
    return svg(screenshot(`wx:${appid}`, name, Number(n)), `${appid}-shot-${n}.svg`);
  }
  m = /^\/media\/dou\/([A-Za-z0-9_-]{1,32})\/icon\.svg$/.exec(url);
  if (m) {
    const ref = m[1] ?? '';
    const name = await mediaItemName(ctx, 'dou', ref);
    if (name === undefined) return null;
    return svg(squareIcon(`dou:${ref}`, name, 128), `${ref}-icon.svg`);
  }
  m = /^\/media\/banner\/(\d{1,12})-([A-Za-z]{2}-[A-Za-z]{2})\.svg$/.exec(url);
  if (m) {
    const [, id = '', locale = ''] = m;
    if (!(CONTENT_LOCALES as readonly string[]).includes(locale)) return null;
    const banner = await findBanner(ctx, Number(id));
    if (!banner) return null;
    return svg(bannerPicture(id, banner.bannername, locale), `banner-${id}-${locale}.svg`);
  }
  if (url.startsWith('/media/upload/')) {
    const upload = await findUploadByUrl(ctx, url);
    return (
      upload && {
        kind: 'bytes',
        body: upload.bytes,
        filename: upload.filename,
        contentType: upload.contentType,
      }
    );
  }
  m = /^\/media\/vip\/(header|vip)-(\d)\.svg$/.exec(url);
  if (m) {
    const [, which = '', level = ''] = m;
    return svg(
      squareIcon(`vip:${which}:${level}`, `V${level}`, which === 'header' ? 56 : 128),
      `${which}-${level}.svg`,
    );
  }
  m = /^\/media\/video\/([^/]+)$/.exec(url);
  if (m) {
    const file = m[1] ?? '';
    if (!VIDEO_FILE.test(file)) return null;
    const full = path.join(VIDEO_DIR, file);
    if (!existsSync(full)) return null;
    return { kind: 'file', path: full, filename: file, contentType: 'video/mp4' };
  }
  return null;
}

/** Download of an item's media: the URL must be exactly one the catalogue lists for an item. */
export async function resolveDownload(
  ctx: AppContext,
  url: string,
  type: 'image' | 'video',
): Promise<MediaContent | null> {
  if (!(await isItemMedia(ctx, url, type))) return null;
  return resolveMedia(ctx, url);
}

/** A square picture drawn from a name (for other modules' pictures: games), the same look as the catalogue's. */
export const drawnIcon = (key: string, name: string): string => squareIcon(key, name);
