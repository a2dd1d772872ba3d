import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './create-db';
import { isPostgres } from './create-db';
import * as m0001 from './migrations/0001_accounts';
import * as m0002 from './migrations/0002_sites';
import * as m0003 from './migrations/0003_portal';
import * as m0004 from './migrations/0004_wallet';
import * as m0005 from './migrations/0005_push';
import * as m0006 from './migrations/0006_notice_reads';
import * as m0007 from './migrations/0007_bank_countries';
import * as m0008 from './migrations/0008_ledger_data';
import * as m0009 from './migrations/0009_catalogue_search';
import * as m0010 from './migrations/0010_games';
import * as m0011 from './migrations/0011_agents';
import * as m0012 from './migrations/0012_team_rollups';
import * as m0013 from './migrations/0013_house_parts';
import * as m0014 from './migrations/0014_messages';
import * as m0015 from './migrations/0015_protection';
import * as m0016 from './migrations/0016_spin';
import * as m0017 from './migrations/0017_profile';
import * as m0018 from './migrations/0018_message_push';
import * as m0019 from './migrations/0019_operators';
import * as m0020 from './migrations/0020_banner_content';
import * as m0021 from './migrations/0021_catalogue_texts';
import * as m0022 from './migrations/0022_operator_totp_sealed';
import * as m0023 from './migrations/0023_message_texts';
import * as m0024 from './migrations/0024_upload_sweep';
import * as m0025 from './migrations/0025_site_icons';
import * as m0026 from './migrations/0026_site_time_zone';
import * as m0027 from './migrations/0027_agent_line_days';
import * as m0028 from './migrations/0028_agent_commission_days';
import * as m0032 from './migrations/0032_game_block_sweeps';
import * as m0033 from './migrations/0033_legacy_content_texts';
import * as m0034 from './migrations/0034_audit_keyed';
import * as m0038 from './migrations/0038_channel_texts';
import * as m0039 from './migrations/0039_bonuses';
import * as m0040 from './migrations/0040_bonus_settings';
import * as m0041 from './migrations/0041_provider_wires';

/** Explicit, static list: bundles and tsx need no directory scanning. Never edit a landed migration. */
const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_sites': m0002,
  '0003_portal': m0003,
  '0004_wallet': m0004,
  '0005_push': m0005,
  '0006_notice_reads': m0006,
  '0007_bank_countries': m0007,
  '0008_ledger_data': m0008,
  '0009_catalogue_search': m0009,
  '0010_games': m0010,
  '0011_agents': m0011,
  '0012_team_rollups': m0012,
  '0013_house_parts': m0013,
  '0014_messages': m0014,
  '0015_protection': m0015,
  '0016_spin': m0016,
  '0017_profile': m0017,
  '0018_message_push': m0018,
  '0019_operators': m0019,
  '0020_banner_content': m0020,
  '0021_catalogue_texts': m0021,
  '0022_operator_totp_sealed': m0022,
  '0023_message_texts': m0023,
  '0024_upload_sweep': m0024,
  '0025_site_icons': m0025,
  '0026_site_time_zone': m0026,
  '0027_agent_line_days': m0027,
  '0028_agent_commission_days': m0028,
  '0032_game_block_sweeps': m0032,
  '0033_legacy_content_texts': m0033,
  '0034_audit_keyed': m0034,
  '0038_channel_texts': m0038,
  '0039_bonuses': m0039,
  '0040_bonus_settings': m0040,
  '0041_provider_wires': m0041,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in any schema unless told which one; pin it to the
  // connection's current schema so several schemas in one PostgreSQL database stay independent.
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
