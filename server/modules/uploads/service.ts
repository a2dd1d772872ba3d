import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import { ApiError, fieldError } from '../../http/envelope';
import * as repo from './repository';

/*
 * Pictures operators upload (issue 16). What arrives is never served as it came: its type is read from
 * its bytes (the name and the declared type are the sender's word), it is decoded, cropped to the size its
 * place shows, re-encoded as WebP without its metadata (camera, GPS), and stored content-addressed.
 */

/** What the bytes must be, whatever the file is called. */
const ACCEPTED_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** Decoding more pixels than this is refused before any is decoded (a small file can claim a huge image). */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;

/** The box a picture fills: stored at this size, and refused when smaller than `min`. */
export interface PictureBox {
  width: number;
  height: number;
  min: { width: number; height: number };
}

export interface StoredPicture {
  url: string;
  width: number;
  height: number;
}

/** A stored upload's address: its id, and enough of its hash that ids cannot be walked. */
export const uploadUrl = (id: number, sha256: string): string =>
  `/media/upload/${id}-${sha256.slice(0, 16)}.webp`;

const UPLOAD_URL = /^\/media\/upload\/(\d{1,12})-([0-9a-f]{16})\.webp$/;

/**
 * Checks, re-encodes and stores a picture for `box`; `field` names the form field its problems belong to.
 * 400 `file_type_unsupported` unless the bytes are PNG, JPEG or WebP, `picture_unreadable` when they do
 * not decode, `picture_too_small` under the box's minimum.
 */
export async function storePicture(
  ctx: AppContext,
  field: string,
  bytes: Buffer,
  box: PictureBox,
  uploadedBy: number,
): Promise<StoredPicture> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw fieldError(field, 'file_type_unsupported');
  let encoded: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { width = 0, height = 0, orientation = 1 } = await image.metadata();
    // EXIF orientations 5-8 turn the picture a quarter: its shown width is its stored height.
    const [shownWidth, shownHeight] = orientation >= 5 ? [height, width] : [width, height];
    if (shownWidth < box.min.width || shownHeight < box.min.height)
      throw fieldError(field, 'picture_too_small');
    encoded = await image
      .rotate()
      .resize(box.width, box.height, { fit: 'cover' })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw fieldError(field, 'picture_unreadable');
  }
  const sha256 = createHash('sha256').update(encoded).digest('hex');
  const id = await repo.putUpload(ctx.db, {
    sha256,
    content_type: 'image/webp',
    width: box.width,
    height: box.height,
    bytes: encoded,
    uploaded_by: uploadedBy,
    created_at: ctx.clock.now(),
  });
  return { url: uploadUrl(id, sha256), width: box.width, height: box.height };
}

/** Whether `url` is an upload's address (what banners may point at besides the drawn pictures). */
export const isUploadUrl = (url: string): boolean => UPLOAD_URL.test(url);

/** The stored picture at `url`, or null. */
export async function findUploadByUrl(
  ctx: AppContext,
  url: string,
): Promise<{ bytes: Buffer; contentType: string; filename: string } | null> {
  const m = UPLOAD_URL.exec(url);
  if (!m) return null;
  const row = await repo.findUpload(ctx.db, Number(m[1]));
  if (!row?.sha256.startsWith(m[2] ?? '-')) return null;
  return { bytes: Buffer.from(row.bytes), contentType: row.content_type, filename: `${m[1]}.webp` };
}
