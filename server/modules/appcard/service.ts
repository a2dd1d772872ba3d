import type { AppCard } from '#contract/appcard';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import type { Authenticated } from '../auth/service';
import * as repo from './repository';

const toAppCard = (row: repo.AppCardRow): AppCard => ({
  accountId: row.account_id,
  nickname: row.nickname,
  followers: row.followers,
});

export async function viewAppCard(ctx: AppContext, auth: Authenticated): Promise<AppCard | null> {
  const row = await repo.findAppCard(ctx.db, auth.user.id);
  return row ? toAppCard(row) : null;
}

export async function editAppCard(ctx: AppContext, auth: Authenticated, card: AppCard): Promise<AppCard> {
  const row = await repo.upsertAppCard(ctx.db, {
    user_id: auth.user.id,
    account_id: card.accountId,
    nickname: card.nickname,
    followers: card.followers,
    updated_at: ctx.clock.now(),
  });
  return toAppCard(row);
}

/** Whether the promoter has a card (catalogue 2 claims need one); `db` may be the caller's transaction. */
export const hasAppCard = async (db: Db, userId: number): Promise<boolean> =>
  (await repo.findAppCard(db, userId)) !== undefined;
