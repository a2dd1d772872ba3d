import { randomUUID } from 'node:crypto';
import { bonusMineCall } from '#contract/bonuses';
import { depositCreateCall, sandboxCallbackCall } from '#contract/wallet';
import type { Db } from '../../../server/db/create-db';
import { insertOffer, type OfferSpec } from '../../../server/modules/bonuses/repository';
import { accountBalance, requirementAccount } from '../../../server/modules/ledger/service';
import type { TestServer } from '../harness';
import { money, signedCallback, type WalletUser } from '../wallet/helpers';

/** The terms of a test offer: a deposit match unless told otherwise, slots counting fully. */
export type OfferTerms = Partial<OfferSpec['offer']> &
  Partial<OfferSpec['version']> & {
    contributions?: Record<string, number>;
    title?: string;
  };

/** An offer written as the console would, at version 1; answers its id. */
export async function addOffer(db: Db, now: number, terms: OfferTerms = {}): Promise<number> {
  const { contributions, title, ...rest } = terms;
  return insertOffer(db, {
    offer: {
      site_id: rest.site_id ?? null,
      kind: rest.kind ?? 'deposit_match',
      welcome: rest.welcome ?? 0,
      state: rest.state ?? 'active',
      budget: rest.budget ?? null,
      created_at: now,
      updated_at: now,
    },
    version: {
      percent: rest.percent === undefined ? 100 : rest.percent,
      amount: rest.amount ?? null,
      min_deposit: rest.min_deposit ?? null,
      max_bonus: rest.max_bonus ?? null,
      nth_deposit: rest.nth_deposit ?? null,
      turnover_multiplier: rest.turnover_multiplier ?? 1,
      turnover_base: rest.turnover_base ?? 'bonus',
      max_bet: rest.max_bet ?? null,
      max_conversion: rest.max_conversion ?? null,
      validity_days: rest.validity_days ?? 7,
      forfeits_on_withdrawal: rest.forfeits_on_withdrawal ?? 1,
      min_level: rest.min_level ?? 0,
      new_players_only: rest.new_players_only ?? 0,
      agent_team: rest.agent_team ?? null,
      hold_same_address: rest.hold_same_address ?? 0,
      created_at: now,
      created_by: null,
    },
    contributions: contributions ?? { slots: 100 },
    texts: { 'en-US': { title: title ?? 'Test offer', terms: 'Test terms' } },
  });
}

/** A deposit of `amount` opted in to offer `offerId` (version 1 unless told), paid by the sandbox. */
export async function depositWithOffer(
  server: TestServer,
  user: WalletUser,
  amount: number,
  offerId: number,
  version = 1,
): Promise<string> {
  const created = await money(
    server,
    depositCreateCall,
    { amount, bonusOffer: { id: offerId, version } },
    user.token,
  );
  if (created.status !== 200) throw new Error(`deposit/create: ${created.status} ${created.message}`);
  const cb = await server.call(sandboxCallbackCall, signedCallback(created.data.orderNo, amount));
  if (cb.status !== 200 || cb.data.state !== 'Success') throw new Error(`callback: ${cb.message}`);
  return created.data.orderNo;
}

/** The player's bonuses as the app reads them. */
export async function mine(server: TestServer, user: WalletUser) {
  const res = await server.call(bonusMineCall, {}, { token: user.token });
  if (res.status !== 200) throw new Error(`bonus/mine: ${res.message}`);
  return res.data;
}

/** What a requirement's ledger account holds (minor units). */
export const requirementBalance = (server: TestServer, user: WalletUser, requirementId: number) =>
  accountBalance(server.db, requirementAccount(user.id, requirementId));

/** A new site like the first one, whose business days are counted in `zone`; answers its id. */
export async function siteInZone(db: Db, zone: string): Promise<number> {
  const site = await db.selectFrom('sites').selectAll().orderBy('id').executeTakeFirstOrThrow();
  const domain = `${zone.replace(/\W+/g, '-').toLowerCase()}-${randomUUID().slice(0, 8)}.test`;
  const { id } = await db
    .insertInto('sites')
    .values({ ...site, id: undefined, domain, business_time_zone: zone })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
