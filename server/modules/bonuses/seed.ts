import type { Db } from '../../db/create-db';
import { insertOffer, type OfferSpec } from './repository';

/*
 * The demo's two offers (issue 33: a new user of `npm start` sees one on their first deposit): a welcome match
 * of the first deposit, and a small registration bonus claimed from the Bonuses page. Every site's. No VIP
 * monthly offer: the demo accounts are at levels 3 and 4, and a bonus paid at start would change every demo
 * balance the guides and the end-to-end suite describe; an operator turns it on by creating the offer.
 */

const CONTRIBUTIONS = { slots: 100, 'live-casino': 10, sports: 50 };

const welcome = (now: number): OfferSpec => ({
  offer: {
    site_id: null,
    kind: 'first_deposit',
    welcome: 1,
    state: 'active',
    budget: 1_000_000_00,
    created_at: now,
    updated_at: now,
  },
  version: {
    percent: 100,
    amount: null,
    min_deposit: 100_00,
    max_bonus: 500_00,
    nth_deposit: null,
    turnover_multiplier: 5,
    turnover_base: 'bonus',
    max_bet: 50_00,
    max_conversion: 2_000_00,
    validity_days: 7,
    forfeits_on_withdrawal: 1,
    created_at: now,
    created_by: null,
  },
  contributions: CONTRIBUTIONS,
  texts: {
    'en-US': {
      title: 'Welcome bonus: 100% of your first deposit',
      terms:
        'Your first deposit of 100.00 or more is matched 100%, up to 500.00. Play the bonus through 5 times within 7 days.',
    },
    'en-PH': {
      title: 'Welcome bonus: 100% of your first deposit',
      terms:
        'Your first deposit of 100.00 or more is matched 100%, up to 500.00. Play the bonus through 5 times within 7 days.',
    },
    'es-ES': {
      title: 'Bono de bienvenida: 100% de tu primer depósito',
      terms:
        'Tu primer depósito de 100,00 o más se duplica al 100%, hasta 500,00. Juega el bono 5 veces en 7 días.',
    },
    'ko-KR': {
      title: '웰컴 보너스: 첫 입금의 100%',
      terms: '100.00 이상의 첫 입금에 100%, 최대 500.00을 드립니다. 7일 안에 보너스를 5배 베팅하세요.',
    },
    'zh-CN': {
      title: '欢迎奖金：首存 100%',
      terms: '首次存款 100.00 或以上可获 100% 奖金，最高 500.00。请在 7 天内完成奖金 5 倍流水。',
    },
  },
});

const registration = (now: number): OfferSpec => ({
  offer: {
    site_id: null,
    kind: 'registration',
    welcome: 0,
    state: 'active',
    budget: null,
    created_at: now,
    updated_at: now,
  },
  version: {
    percent: null,
    amount: 8_88,
    min_deposit: null,
    max_bonus: null,
    nth_deposit: null,
    turnover_multiplier: 3,
    turnover_base: 'bonus',
    max_bet: 20_00,
    max_conversion: 100_00,
    validity_days: 3,
    forfeits_on_withdrawal: 0,
    created_at: now,
    created_by: null,
  },
  contributions: CONTRIBUTIONS,
  texts: {
    'en-US': {
      title: 'Sign-up gift: 8.88',
      terms: 'A gift of 8.88 for joining. Play it through 3 times within 3 days.',
    },
    'en-PH': {
      title: 'Sign-up gift: 8.88',
      terms: 'A gift of 8.88 for joining. Play it through 3 times within 3 days.',
    },
    'es-ES': {
      title: 'Regalo de registro: 8,88',
      terms: 'Un regalo de 8,88 por unirte. Juégalo 3 veces en 3 días.',
    },
    'ko-KR': { title: '가입 선물: 8.88', terms: '가입 선물 8.88. 3일 안에 3배 베팅하세요.' },
    'zh-CN': { title: '注册礼金：8.88', terms: '注册即送 8.88。请在 3 天内完成 3 倍流水。' },
  },
});

/** Seeds the demo offers once (none yet): answers how many it wrote. */
export async function seedDemoOffers(db: Db, now: number): Promise<number> {
  const any = await db.selectFrom('bonus_offers').select('id').limit(1).executeTakeFirst();
  if (any) return 0;
  await insertOffer(db, welcome(now));
  await insertOffer(db, registration(now));
  return 2;
}
