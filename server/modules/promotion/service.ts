import type { CatalogueKind } from '#contract/catalogue';
import type { AppContext } from '../../context';
import { codedError } from '../../http/envelope';
import type { Authenticated } from '../auth/service';
import { followCode, linkOfCaller } from '../catalogue/service';

/*
 * The promoter's links as they travel: answered again to share (/gen/shortlink) and followed (/s/<code>).
 * The links themselves are the catalogue's applications; this module reaches them through its service.
 */

export async function shortLink(
  ctx: AppContext,
  auth: Authenticated,
  kind: CatalogueKind,
  itemId: number,
): Promise<{ link: string; clicks: number }> {
  const link = await linkOfCaller(ctx, kind, auth, itemId);
  if (!link) throw codedError(404, 404, 'not_applied');
  return link;
}

/** A code only ever holds URL-safe base64 characters; anything else is not worth a query. */
const CODE_PATTERN = /^[A-Za-z0-9_-]{8,32}$/;

/**
 * Follows a promotion link: the item's target with the code as `ref`, counting the visit. HEAD
 * requests (link previews, checkers) are answered without counting.
 */
export async function followLink(ctx: AppContext, code: string, count: boolean): Promise<string | null> {
  if (!CODE_PATTERN.test(code)) return null;
  const target = await followCode(ctx, code, count);
  return target === null ? null : withRef(target, code);
}

/**
 * The target with `ref=<code>` added. A target may be a page of this app (`/GameDetail/12`,
 * `/?tab=2&q=…`): that stays a path, and its own query is kept as written (the app's router reads it).
 */
export function withRef(target: string, code: string): string {
  if (!target.startsWith('/') || target.startsWith('//')) {
    const url = new URL(target);
    url.searchParams.set('ref', code);
    return url.toString();
  }
  const hashAt = target.indexOf('#');
  const [path, hash] = hashAt < 0 ? [target, ''] : [target.slice(0, hashAt), target.slice(hashAt)];
  return `${path}${path.includes('?') ? '&' : '?'}ref=${encodeURIComponent(code)}${hash}`;
}
