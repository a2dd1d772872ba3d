import { type Kysely, sql } from 'kysely';
import { withIdColumn } from '../schema-helpers';

/*
 * Issue 33, bonuses (decision 0052). Offers are operator data per site, versioned: a claim and its requirement
 * name the version they were granted under, so an edit never rewrites the terms a player accepted. A claim is
 * one grant decision per (offer, player, period); a welcome offer's claims also write one row per signal of the
 * person (phone, device, address) unique per family, so a second claim on any of them is refused or held by
 * the index, not by a check-then-insert. A requirement's money is a ledger account of its own (kind
 * `requirement`, code `u:<user>:req:<id>`, counted as locked): no column here holds a balance. Its progress is
 * a count of weighted valid bets, a row per (requirement, round, kind), so a replayed settlement counts once
 * and a void takes its row back with a row of its own; `wagered` is their sum, kept in the same transaction
 * (as an account's balance is kept beside its entries). Money columns are integer minor units.
 */

const OFFER_KINDS = [
  'deposit_match',
  'registration',
  'first_deposit',
  'reload',
  'cashback',
  'vip_birthday',
  'vip_monthly',
  'deposit_turnover',
  'manual',
];
const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  // `welcome`: one claim of the family per person (signals); `granted` is the budget's counter (the sum of the
  // grants' amounts), raised by a conditional update so 50 claims at once never pass the budget.
  await withIdColumn(db, db.schema.createTable('bonus_offers'))
    .addColumn('site_id', 'bigint', (c) => c.references('sites.id'))
    .addColumn('kind', 'varchar(24)', (c) => c.notNull().check(sql`kind in (${list(OFFER_KINDS)})`))
    .addColumn('welcome', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'varchar(8)', (c) => c.notNull().check(sql`state in ('active', 'paused', 'ended')`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('budget', 'bigint', (c) => c.check(sql`budget >= 0`))
    .addColumn('granted', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`granted >= 0`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bonus_offers_site_idx')
    .on('bonus_offers')
    .columns(['site_id', 'state'])
    .execute();

  await db.schema
    .createTable('bonus_offer_versions')
    .addColumn('offer_id', 'bigint', (c) => c.notNull().references('bonus_offers.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    // Deposit match, reload, cashback: whole percent of the deposit (or of the week's net loss).
    .addColumn('percent', 'integer', (c) => c.check(sql`percent > 0 and percent <= 1000`))
    // A fixed bonus (registration, first deposit, a VIP benefit, a reload's alternative).
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount > 0`))
    .addColumn('min_deposit', 'bigint', (c) => c.check(sql`min_deposit >= 0`))
    .addColumn('max_bonus', 'bigint', (c) => c.check(sql`max_bonus > 0`))
    .addColumn('nth_deposit', 'integer', (c) => c.check(sql`nth_deposit >= 1`))
    // Valid bets of multiplier x base before the money is withdrawable (0: none).
    .addColumn('turnover_multiplier', 'integer', (c) =>
      c.notNull().check(sql`turnover_multiplier >= 0 and turnover_multiplier <= 100`),
    )
    .addColumn('turnover_base', 'varchar(16)', (c) =>
      c.notNull().check(sql`turnover_base in ('bonus', 'bonus_deposit', 'deposit')`),
    )
    .addColumn('max_bet', 'bigint', (c) => c.check(sql`max_bet > 0`))
    .addColumn('max_conversion', 'bigint', (c) => c.check(sql`max_conversion >= 0`))
    .addColumn('validity_days', 'integer', (c) => c.notNull().check(sql`validity_days >= 1`))
    .addColumn('forfeits_on_withdrawal', 'integer', (c) => c.notNull())
    .addColumn('min_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_players_only', 'integer', (c) => c.notNull().defaultTo(0))
    // Only members of this agent's team (the agent's user id), or anyone.
    .addColumn('agent_team', 'bigint', (c) => c.references('users.id'))
    // A welcome claim from an address another claim used is held for review rather than granted.
    .addColumn('hold_same_address', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'bigint')
    .addPrimaryKeyConstraint('bonus_offer_versions_pk', ['offer_id', 'version'])
    .execute();

  // A channel not listed contributes 0: a channel added later never counts by accident.
  await db.schema
    .createTable('bonus_offer_contributions')
    .addColumn('offer_id', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull().references('game_channels.code'))
    .addColumn('percent', 'integer', (c) => c.notNull().check(sql`percent >= 0 and percent <= 100`))
    .addPrimaryKeyConstraint('bonus_offer_contributions_pk', ['offer_id', 'version', 'channel_code'])
    .addForeignKeyConstraint(
      'bonus_offer_contributions_version_fk',
      ['offer_id', 'version'],
      'bonus_offer_versions',
      ['offer_id', 'version'],
    )
    .execute();

  await db.schema
    .createTable('bonus_offer_texts')
    .addColumn('offer_id', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('locale', 'varchar(5)', (c) => c.notNull())
    .addColumn('title', 'varchar(80)', (c) => c.notNull())
    .addColumn('terms', 'varchar(4000)', (c) => c.notNull())
    .addPrimaryKeyConstraint('bonus_offer_texts_pk', ['offer_id', 'version', 'locale'])
    .addForeignKeyConstraint(
      'bonus_offer_texts_version_fk',
      ['offer_id', 'version'],
      'bonus_offer_versions',
      ['offer_id', 'version'],
    )
    .execute();

  // One grant per (offer, player, period): '' for a once-only offer, a deposit's order number, a year, a month,
  // a week's first day. Held claims wait for an operator; refused ones are the record of a refusal with its
  // reason, outside the unique index (a claim refused for a spent budget may be granted once it is raised).
  await withIdColumn(db, db.schema.createTable('bonus_claims'))
    .addColumn('offer_id', 'bigint', (c) => c.notNull().references('bonus_offers.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('period', 'varchar(40)', (c) => c.notNull())
    .addColumn('state', 'varchar(8)', (c) => c.notNull().check(sql`state in ('granted', 'held', 'refused')`))
    .addColumn('reason', 'varchar(40)')
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('base', 'bigint', (c) => c.notNull().check(sql`base >= 0`))
    .addColumn('note', 'varchar(200)')
    .addColumn('operator_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('bonus_claims_once_idx')
    .on('bonus_claims')
    .columns(['offer_id', 'user_id', 'period'])
    .unique()
    .where(sql.ref('state'), '<>', 'refused')
    .execute();
  await db.schema
    .createIndex('bonus_claims_user_idx')
    .on('bonus_claims')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('bonus_claim_signals')
    .addColumn('family', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('phone', 'device', 'address')`))
    .addColumn('value_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('claim_id', 'bigint', (c) => c.notNull().references('bonus_claims.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bonus_claim_signals_pk', ['family', 'kind', 'value_hash'])
    .execute();

  await withIdColumn(db, db.schema.createTable('bonus_requirements'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('offer_id', 'bigint', (c) => c.notNull().references('bonus_offers.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('claim_id', 'bigint', (c) => c.notNull().unique().references('bonus_claims.id'))
    // bonus: the offer's money; deposit: the player's own deposit under deposit turnover (never expires).
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('bonus', 'deposit')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('required', 'bigint', (c) => c.notNull().check(sql`required >= 0`))
    .addColumn('wagered', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('max_bet', 'bigint')
    .addColumn('max_conversion', 'bigint')
    .addColumn('forfeits_on_withdrawal', 'integer', (c) => c.notNull())
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('state', 'varchar(10)', (c) =>
      c.notNull().check(sql`state in ('open', 'released', 'expired', 'forfeited', 'cancelled')`),
    )
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('bonus_requirements_user_idx')
    .on('bonus_requirements')
    .columns(['user_id', 'state'])
    .execute();
  await db.schema
    .createIndex('bonus_requirements_expiry_idx')
    .on('bonus_requirements')
    .columns(['state', 'expires_at'])
    .execute();

  await db.schema
    .createTable('bonus_turnover')
    .addColumn('requirement_id', 'bigint', (c) => c.notNull().references('bonus_requirements.id'))
    .addColumn('round_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('count', 'void')`))
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('valid_bet', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bonus_turnover_pk', ['requirement_id', 'round_id', 'kind'])
    .execute();

  // The offer a deposit opted in to, at the version whose terms the player read (granted when it completes).
  await db.schema.alterTable('deposit_orders').addColumn('bonus_offer_id', 'bigint').execute();
  await db.schema.alterTable('deposit_orders').addColumn('bonus_offer_version', 'integer').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deposit_orders').dropColumn('bonus_offer_version').execute();
  await db.schema.alterTable('deposit_orders').dropColumn('bonus_offer_id').execute();
  for (const table of [
    'bonus_turnover',
    'bonus_requirements',
    'bonus_claim_signals',
    'bonus_claims',
    'bonus_offer_texts',
    'bonus_offer_contributions',
    'bonus_offer_versions',
    'bonus_offers',
  ])
    await db.schema.dropTable(table).execute();
}
