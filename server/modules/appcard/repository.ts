import type { Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { AppCardsTable } from './tables';

export type AppCardRow = Selectable<AppCardsTable>;

export const findAppCard = (db: Db, userId: number): Promise<AppCardRow | undefined> =>
  db.selectFrom('app_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const upsertAppCard = async (db: Db, card: AppCardRow): Promise<AppCardRow> =>
  db
    .insertInto('app_cards')
    .values(card)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        account_id: card.account_id,
        nickname: card.nickname,
        followers: card.followers,
        updated_at: card.updated_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
