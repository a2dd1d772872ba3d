import { Job } from '#contract/user';
import type { Db } from '../db/create-db';
import { countUsers, insertUser } from '../modules/auth/repository';
import { hashPassword } from '../modules/auth/service';
import { seedDemoOffers } from '../modules/bonuses/seed';
import type { OperatorRole } from '../modules/operators/policy';
import { countSites, insertSite } from '../modules/site/repository';
import { seedDemoBenefits } from '../modules/vip/service';
import { seedPortal } from './catalogue';
import { seedWallet } from './wallet';

export interface DemoAccount {
  label: string;
  areaCode: string;
  phone: string;
  password: string;
  uid: number;
  inviteCode: string;
  job: number;
  role: number;
  /** An operator's role on every site (decision 0024); not a job value. Signs in with DEMO_OPERATOR_TOTP_SECRET. */
  operator?: OperatorRole;
}

/**
 * The demo operators' authenticator secret (base32): add it to an authenticator app, or let the end-to-end
 * tests compute its codes. A real operator enrols a secret of their own on the first sign-in.
 */
export const DEMO_OPERATOR_TOTP_SECRET = 'BEACONDEMOAUTHKEYFORPLAYWRIGHTXX';

/** Known demo logins (printed at start, imported by end-to-end tests). Valid PH mobile numbers. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    label: 'player',
    areaCode: '63',
    phone: '9171234567',
    password: 'Harbor#5813',
    uid: 10000001,
    inviteCode: 'DEMOPLAY',
    job: Job.player,
    role: 0,
  },
  {
    label: 'agent (job 1)',
    areaCode: '63',
    phone: '9171234568',
    password: 'Lantern#2749',
    uid: 10000002,
    inviteCode: 'DEMOAGNT',
    job: Job.agent,
    role: 0,
  },
  {
    label: 'senior agent (job 2)',
    areaCode: '63',
    phone: '9171234569',
    password: 'Compass#9361',
    uid: 10000003,
    inviteCode: 'DEMOSNR2',
    job: Job.seniorAgent,
    role: 1,
  },
  {
    label: 'operator',
    areaCode: '63',
    phone: '9171234570',
    password: 'Ledger#4096',
    uid: 10000004,
    inviteCode: 'DEMOOPER',
    job: Job.player,
    role: 0,
    operator: 'administrator',
  },
  {
    label: 'second operator (payments reviewer)',
    areaCode: '63',
    phone: '9171234571',
    password: 'Abacus#7302',
    uid: 10000005,
    inviteCode: 'DEMOREVW',
    job: Job.player,
    role: 0,
    operator: 'payments_reviewer',
  },
  {
    // Bans, grants and large ratio changes are an administrator's to approve: a second one for four-eyes.
    label: 'second administrator',
    areaCode: '63',
    phone: '9171234572',
    password: 'Meridian#6150',
    uid: 10000006,
    inviteCode: 'DEMOADM2',
    job: Job.player,
    role: 0,
    operator: 'administrator',
  },
];

const DEMO_RATES: Record<number, { rate: number; rate1: number; rate2: number; default_rate: number }> = {
  [Job.player]: { rate: 0, rate1: 0, rate2: 0, default_rate: 0 },
  [Job.agent]: { rate: 0.3, rate1: 0.1, rate2: 0.05, default_rate: 0.2 },
  [Job.seniorAgent]: { rate: 0.5, rate1: 0.2, rate2: 0.1, default_rate: 0.3 },
};

export const DEMO_SITE_DOMAINS = ['localhost', '127.0.0.1'] as const;

/** Fills an empty database with the demo sites and accounts; does nothing when either already has rows. */
export async function seedDemo(db: Db, now: number): Promise<{ sites: number; users: number }> {
  let sites = 0;
  let users = 0;
  if ((await countSites(db)) === 0) {
    for (const domain of DEMO_SITE_DOMAINS) {
      await insertSite(db, {
        domain,
        name: 'Beacon',
        short_name: 'Beacon',
        theme_color: '#f97316',
        support_handle: '@BeaconSupport',
        currency_symbols: null,
        min_withdraw: 100_00,
        max_withdraw: 50_000_00,
        min_transfer: 10_00,
        country: 'PH',
        created_at: now,
      });
      sites++;
    }
  }
  if ((await countUsers(db)) === 0) {
    let invitedBy: string | null = null;
    // The demo accounts registered through the first site.
    const site = await db.selectFrom('sites').select('id').orderBy('id').limit(1).executeTakeFirst();
    // Senior agent first so the others can carry its invite code, as a real downline would.
    for (const account of [...DEMO_ACCOUNTS].reverse()) {
      const rates = DEMO_RATES[account.job] ?? DEMO_RATES[Job.player];
      await insertUser(db, {
        uid: account.uid,
        area_code: account.areaCode,
        phone: account.phone,
        username: `${account.areaCode}+${account.phone}`,
        password_hash: await hashPassword(account.password),
        role: account.role,
        job: account.job,
        level: 0,
        rate: rates?.rate ?? 0,
        rate1: rates?.rate1 ?? 0,
        rate2: rates?.rate2 ?? 0,
        default_rate: rates?.default_rate ?? 0,
        invite_code: account.inviteCode,
        invited_by: account.operator ? null : invitedBy,
        banned: 0,
        site_id: site?.id ?? null,
        locale: null,
        failed_logins: 0,
        locked_until: null,
        created_at: now,
        updated_at: now,
      });
      if (account.operator) await seedOperator(db, account.uid, account.operator, now);
      if (!account.operator) invitedBy = account.inviteCode;
      users++;
    }
    await seedDemoTeam(db, now);
  }
  await seedPortal(db, now);
  await seedWallet(db, now);
  await seedDemoBenefits(db);
  await seedDemoOffers(db, now);
  return { sites, users };
}

/** A demo operator: the role on every site, and the known authenticator secret, already confirmed. */
async function seedOperator(db: Db, uid: number, role: OperatorRole, now: number): Promise<void> {
  const { id } = await db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow();
  await db
    .insertInto('operator_grants')
    .values({ user_id: id, role, site_id: null, granted_by: null, created_at: now })
    .execute();
  await db
    .insertInto('operator_totp')
    .values({
      user_id: id,
      secret: DEMO_OPERATOR_TOTP_SECRET,
      confirmed_at: now,
      last_step: null,
      created_at: now,
    })
    .execute();
}

/** The seeded channels the old single rates stand for (decision 0017: rate, rate1, rate2). */
const RATE_CHANNELS = [
  ['rate', 'slots'],
  ['rate1', 'live-casino'],
  ['rate2', 'sports'],
] as const;

/**
 * Decision 0017 keeps ratios per channel (agent_ratios, agent_defaults) and the team as a closure table
 * (agent_tree). Migration 0011 carried over the users it found; the demo accounts come after it, so their
 * ratios, defaults and chain (player -> agent -> senior agent) are written here, in effect from the start.
 */
async function seedDemoTeam(db: Db, now: number): Promise<void> {
  const channels = new Set(
    (await db.selectFrom('game_channels').select('code').execute()).map((c) => c.code),
  );
  const users = await db
    .selectFrom('users')
    .select(['id', 'job', 'invite_code', 'invited_by'])
    .where(
      'invite_code',
      'in',
      DEMO_ACCOUNTS.map((a) => a.inviteCode),
    )
    .execute();
  const byCode = new Map(users.map((u) => [u.invite_code, u]));
  for (const user of users) {
    const rates = DEMO_RATES[user.job];
    if (!rates) continue;
    for (const [column, channel] of RATE_CHANNELS) {
      const bp = Math.round(rates[column] * 100);
      if (bp <= 0 || !channels.has(channel)) continue;
      await db
        .insertInto('agent_ratios')
        .values({
          user_id: user.id,
          channel_code: channel,
          ratio_bp: bp,
          effective_day: '2000-01-01',
          set_by: null,
          created_at: now,
        })
        .execute();
      // What a new direct member gets: the one default rate, within the agent's own ratio per channel.
      const fallback = Math.min(bp, Math.round(rates.default_rate * 100));
      if (fallback > 0)
        await db
          .insertInto('agent_defaults')
          .values({ user_id: user.id, channel_code: channel, ratio_bp: fallback, updated_at: now })
          .execute();
    }
    let depth = 1;
    for (let up = byCode.get(user.invited_by ?? ''); up; up = byCode.get(up.invited_by ?? '')) {
      await db
        .insertInto('agent_tree')
        .values({ ancestor_id: up.id, descendant_id: user.id, depth, effective_day: '2000-01-01' })
        .execute();
      depth++;
    }
  }
}
