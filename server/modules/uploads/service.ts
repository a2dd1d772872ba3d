import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { ApiError, fieldError } from '../../http/envelope';
import * as repo from './repository';

/*
 * Pictures operators upload (issue 16). What arrives is never served as it came: its type is read from
 * its bytes (the name and the declared type are the sender's word), it is decoded, cropped to the size its
 * place shows, re-encoded without its metadata (camera, GPS), and stored content-addressed. Banners are
 * stored as WebP; a site's icons as PNG (preparePngSquares), which every launcher and iOS's home screen
 * take (some take no WebP).
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

/** What a stored upload is encoded as, and the extension its address ends with. */
export type UploadType = 'image/webp' | 'image/png';
const EXTENSIONS: Record<UploadType, 'webp' | 'png'> = { 'image/webp': 'webp', 'image/png': 'png' };
const TYPES_BY_EXTENSION: Record<string, UploadType> = { webp: 'image/webp', png: 'image/png' };

/**
 * A stored upload's address: its id, enough of its hash that ids cannot be walked, and the extension of
 * its type (repository.ts computes the same address in SQL for the sweep).
 */
export const uploadUrl = (id: number, sha256: string, type: UploadType = 'image/webp'): string =>
  `/media/upload/${id}-${sha256.slice(0, 16)}.${EXTENSIONS[type]}`;

const UPLOAD_URL = /^\/media\/upload\/(\d{1,12})-([0-9a-f]{16})\.(webp|png)$/;

/** A picture checked and re-encoded, not stored yet: stored by putPicture in the transaction that uses it. */
export interface PreparedPicture {
  sha256: string;
  bytes: Buffer;
  width: number;
  height: number;
  contentType: UploadType;
}

/** 400 `file_type_unsupported` unless the bytes are PNG, JPEG or WebP, whatever the file is called. */
async function assertPictureType(field: string, bytes: Buffer): Promise<void> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw fieldError(field, 'file_type_unsupported');
}

/** A decoder that refuses decompression bombs, and the picture's size as shown (EXIF orientation applied). */
async function decode(bytes: Buffer) {
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const { width = 0, height = 0, orientation = 1 } = await image.metadata();
  // EXIF orientations 5-8 turn the picture a quarter: its shown width is its stored height.
  const [shownWidth, shownHeight] = orientation >= 5 ? [height, width] : [width, height];
  return { image, shownWidth, shownHeight };
}

const digest = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Checks and re-encodes a picture for `box`; `field` names the form field its problems belong to. Nothing
 * is stored: the work is done before any transaction is open. 400 `file_type_unsupported` unless the
 * bytes are PNG, JPEG or WebP, `picture_unreadable` when they do not decode, `picture_too_small` under the
 * box's minimum.
 */
export async function preparePicture(
  field: string,
  bytes: Buffer,
  box: PictureBox,
): Promise<PreparedPicture> {
  await assertPictureType(field, bytes);
  let encoded: Buffer;
  try {
    const { image, shownWidth, shownHeight } = await decode(bytes);
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
  return {
    sha256: digest(encoded),
    bytes: encoded,
    width: box.width,
    height: box.height,
    contentType: 'image/webp',
  };
}

/** One square PNG made from an upload (preparePngSquares). */
export interface SquareRendition {
  /** Its side, in pixels. */
  size: number;
  /**
   * The share of each side the picture fills, centred (a maskable icon keeps it in the inner 0.8, its
   * safe zone); the rest is `background`. Absent: the picture fills the square.
   */
  inset?: number;
  /**
   * `#rrggbb` painted under the picture: its transparent parts and the margin of an inset. Absent: the
   * picture's transparency is kept.
   */
  background?: string;
}

/**
 * Checks a picture once and makes each of `renditions` from it as PNG, without metadata: the picture is
 * turned by its EXIF orientation, cropped to a centred square (a wider or taller picture loses its sides
 * or its top and bottom), then scaled to each rendition. Nothing is stored: the work is done before any
 * transaction is open. The same problems as preparePicture, and `picture_too_small` when either side is
 * under `minSide`.
 */
export async function preparePngSquares<K extends string>(
  field: string,
  bytes: Buffer,
  minSide: number,
  renditions: Readonly<Record<K, SquareRendition>>,
): Promise<Record<K, PreparedPicture>> {
  await assertPictureType(field, bytes);
  const entries = Object.entries(renditions) as [K, SquareRendition][];
  const side = Math.max(minSide, ...entries.map(([, r]) => r.size));
  const prepared = {} as Record<K, PreparedPicture>;
  try {
    const { image, shownWidth, shownHeight } = await decode(bytes);
    if (shownWidth < minSide || shownHeight < minSide) throw fieldError(field, 'picture_too_small');
    // Decoded once, at the largest size asked for; every rendition is scaled from this square.
    const square = await image
      .rotate()
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: square.info.width, height: square.info.height, channels: 4 } as const;
    for (const [key, rendition] of entries) {
      const inner = Math.round(rendition.size * (rendition.inset ?? 1));
      const scaled = sharp(square.data, { raw }).resize(inner, inner);
      const picture =
        rendition.background === undefined && inner === rendition.size
          ? scaled
          : sharp({
              create: {
                width: rendition.size,
                height: rendition.size,
                channels: 4,
                background: rendition.background ?? { r: 0, g: 0, b: 0, alpha: 0 },
              },
            }).composite([{ input: await scaled.png().toBuffer(), gravity: 'centre' }]);
      const encoded = await picture.png({ compressionLevel: 9 }).toBuffer();
      prepared[key] = {
        sha256: digest(encoded),
        bytes: encoded,
        width: rendition.size,
        height: rendition.size,
        contentType: 'image/png',
      };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw fieldError(field, 'picture_unreadable');
  }
  return prepared;
}

/**
 * Stores a prepared picture (once per content) and marks it used at `now`. Call it with the transaction
 * that points something at the answer's address: the row and the reference then commit together, and a
 * sweep running meanwhile either took the old row before (this stores a new one) or finds it just used
 * (its delete re-checks `used_at` on the row this wrote, and keeps it).
 */
export async function putPicture(
  db: Db,
  picture: PreparedPicture,
  uploadedBy: number,
  now: number,
): Promise<StoredPicture> {
  const id = await repo.putUpload(db, {
    sha256: picture.sha256,
    content_type: picture.contentType,
    width: picture.width,
    height: picture.height,
    bytes: picture.bytes,
    uploaded_by: uploadedBy,
    created_at: now,
    used_at: now,
  });
  return {
    url: uploadUrl(id, picture.sha256, picture.contentType),
    width: picture.width,
    height: picture.height,
  };
}

const UPLOAD_URL_IN_TEXT = /\/media\/upload\/(\d{1,12})-[0-9a-f]{16}\.(?:webp|png)/g;

/**
 * Marks every upload whose address appears in `texts` (addresses, JSON maps, HTML) as used at `now`. A
 * change calls it in its transaction with the addresses it starts or stops pointing at: one it starts
 * pointing at is kept from a sweep running in the same moment, one it lets go of lives on for the grace
 * period (pages and lists the app already holds may still show it).
 */
export async function markUploadsUsed(
  db: Db,
  texts: readonly (string | null | undefined)[],
  now: number,
): Promise<void> {
  const ids = texts.flatMap((text) =>
    [...(text ?? '').matchAll(UPLOAD_URL_IN_TEXT)].map((m) => Number(m[1])),
  );
  await repo.touchUploads(db, ids, now);
}

/** Whether `url` is an upload's address (what banners and sites may point at besides the build's pictures). */
export const isUploadUrl = (url: string): boolean => UPLOAD_URL.test(url);

/**
 * The stored picture at `url`, or null: its id, hash and extension must all be the row's (a PNG's
 * address with `.webp` names nothing), so an address never changes meaning.
 */
export async function findUploadByUrl(
  ctx: Pick<AppContext, 'db'>,
  url: string,
): Promise<{ bytes: Buffer; contentType: string; filename: string } | null> {
  const m = UPLOAD_URL.exec(url);
  if (!m) return null;
  const [, id = '', hash = '-', extension = ''] = m;
  const row = await repo.findUpload(ctx.db, Number(id));
  if (!row?.sha256.startsWith(hash) || row.content_type !== TYPES_BY_EXTENSION[extension]) return null;
  return { bytes: Buffer.from(row.bytes), contentType: row.content_type, filename: `${id}.${extension}` };
}

/** A column that may hold an upload's address (the modules that point at uploads hand theirs to the sweep). */
export type UploadReferrer = repo.UploadReferrer;

/**
 * How long an upload outlives its last use (stored, referenced, let go of) before a sweep may delete it.
 * Its address is served `immutable` for a year, so a browser that holds the picture keeps showing it; what
 * must not happen is an address the app still shows answering 404. The app keeps the home carousel's list
 * (with its picture addresses) in its persisted query cache for up to 7 days (PERSIST_MAX_AGE_MS,
 * src/lib/query-client.ts) and shows it before it has asked again, so a picture is deleted only once 7 days
 * have passed since the last banner let go of it: by then no list the app can show names it. The same
 * period covers a picture stored but not yet referenced (a save that has not committed).
 */
export const UPLOAD_GRACE_MS = 7 * 24 * 60 * 60_000;

/**
 * Deletes the uploads that no referrer's column names and that were last used before the grace period,
 * in one statement: two sweeps at once delete each row once (the second finds it gone), and a save that
 * references an upload in the same moment has marked it used in its own transaction, so the sweep's
 * delete, which re-checks `used_at` on the row as that save left it (PostgreSQL's read-committed re-check;
 * on SQLite one statement or transaction runs at a time), keeps it. Answers how many rows went.
 */
export async function sweepUploads(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  referrers: readonly UploadReferrer[],
): Promise<number> {
  return repo.deleteUnreferenced(ctx.db, referrers, ctx.clock.now() - UPLOAD_GRACE_MS);
}
