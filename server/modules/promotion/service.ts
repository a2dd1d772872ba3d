import type { CatalogueKind } from '../../../src/contract/promotion';
import type { AppContext } from '../../context';
import { codedError } from '../../http/envelope';
import type { Authenticated } from '../auth/service';
import { findDemandById, findWxAppById } from '../catalogue/repository';
import { linkPath, wxLink } from '../catalogue/service';
import * as repo from './repository';

/** Where an item's promotion link leads, or null while it has none (under review, withdrawn). */
async function targetOf(ctx: AppContext, kind: CatalogueKind, itemId: number): Promise<string | null> {
  if (kind === 'wx') {
    const app = await findWxAppById(ctx.db, itemId);
    return app?.enabled && !app.needs_review && app.target_url ? app.target_url : null;
  }
  const demand = await findDemandById(ctx.db, itemId);
  return demand?.enabled && demand.target_url ? demand.target_url : null;
}

export async function shortLink(
  ctx: AppContext,
  auth: Authenticated,
  kind: CatalogueKind,
  itemId: number,
): Promise<{ link: string; clicks: number }> {
  const application = await repo.findPromoLink(ctx.db, auth.user.id, kind, itemId);
  if (!application) throw codedError(404, 404, 'not_applied');
  let link = linkPath(application.code);
  if (kind === 'wx') {
    const app = await findWxAppById(ctx.db, itemId);
    link = app ? wxLink(app, application.code) : '';
  } else if (!(await targetOf(ctx, kind, itemId))) {
    link = '';
  }
  return { link, clicks: Number(application.clicks) };
}

/** A code only ever holds URL-safe base64 characters; anything else is not worth a query. */
const CODE_PATTERN = /^[A-Za-z0-9_-]{8,32}$/;

/**
 * Follows a promotion link: the item's target with the code as `ref`, counting the visit. HEAD
 * requests (link previews, checkers) are answered without counting.
 */
export async function followLink(ctx: AppContext, code: string, count: boolean): Promise<string | null> {
  if (!CODE_PATTERN.test(code)) return null;
  const application = await repo.findPromoLinkByCode(ctx.db, code);
  if (!application) return null;
  const target = await targetOf(ctx, application.item_kind, application.item_id);
  if (!target) return null;
  if (count) await repo.incrementClicks(ctx.db, application.id);
  return withRef(target, code);
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
