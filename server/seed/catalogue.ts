import { type Insertable, sql } from 'kysely';
import { WX_CATEGORIES, type WxCategory } from '#contract/catalogue';
import type { PageSlug } from '#contract/content';
import { CONTENT_LOCALES, type ContentLocale } from '#contract/locales';
import type { Db } from '../db/create-db';
import { upsertAppCard } from '../modules/appcard/repository';
import {
  countRows,
  insertApplication,
  insertCatalogueMedia,
  insertDemands,
  insertPin,
  insertWxAppImages,
  insertWxApps,
  searchKey,
  setClicks,
} from '../modules/catalogue/repository';
import { newLinkCode } from '../modules/catalogue/service';
import type {
  CatalogueMediaTable,
  DemandsTable,
  WxAppImagesTable,
  WxAppsTable,
} from '../modules/catalogue/tables';
import {
  countBanners,
  insertBanner,
  replaceBannerTexts,
  updateBannerPictures,
  upsertPage,
} from '../modules/content/repository';
import { insertNotice, replaceTexts as replaceNoticeTexts } from '../modules/notices/repository';

/** mulberry32: a small seeded PRNG, so every seed of the same size is identical. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const int = (rand: Rand, min: number, max: number): number => min + Math.floor(rand() * (max - min + 1));
const hex = (rand: Rand, length: number): string =>
  Array.from({ length }, () => Math.floor(rand() * 16).toString(16)).join('');

export const DEMO_VIDEOS = ['/media/video/demo-a.mp4', '/media/video/demo-b.mp4'] as const;

// ---- names and texts

const EN_PREFIX = [
  'Dragon',
  'Candy',
  'Pixel',
  'Star',
  'Ocean',
  'Kingdom',
  'Ninja',
  'Royal',
  'Mystic',
  'Turbo',
  'Happy',
  'Jungle',
  'Galaxy',
  'Crystal',
  'Thunder',
  'Tiny',
  'Magic',
  'Shadow',
  'Sky',
  'Lucky',
  'Golden',
  'Frozen',
  'Rocket',
  'Panda',
  'Cyber',
  'Desert',
  'Puzzle',
  'Zombie',
  'Cosmic',
  'Sweet',
  'Iron',
  'Neon',
] as const;

const EN_SUFFIX: Record<WxCategory, readonly string[]> = {
  角色: ['Legends', 'Quest', 'Chronicles', 'Saga', 'Heroes', 'Odyssey', 'Realm', 'Knights'],
  竞技: ['Arena', 'League', 'Clash', 'Racers', 'Showdown', 'Strike', 'Champions', 'Duel'],
  棋牌: ['Mahjong', 'Poker', 'Chess', 'Solitaire', 'Dominoes', 'Go Master', 'Bridge', 'Tongits'],
  动作: ['Runner', 'Fighter', 'Blaster', 'Dash', 'Rampage', 'Assault', 'Jump', 'Slash'],
  休闲: ['Match', 'Garden', 'Bubbles', 'Cafe', 'Farm', 'Crush', 'Pop', 'Merge'],
  其他: ['Quiz', 'Studio', 'Pet Town', 'Tycoon', 'Music Tap', 'Word Hunt', 'Fishing', 'Sketch'],
};

const ZH_PREFIX = [
  '三国',
  '西游',
  '仙侠',
  '江湖',
  '王者',
  '梦幻',
  '欢乐',
  '疯狂',
  '全民',
  '天天',
  '开心',
  '精灵',
  '龙城',
  '星际',
  '萌宠',
] as const;

const ZH_SUFFIX: Record<WxCategory, readonly string[]> = {
  角色: ['传说', '奇缘', '英雄传', '修仙录', '物语', '战记'],
  竞技: ['争霸', '大乱斗', '竞速', '战场', '对决', '联赛'],
  棋牌: ['麻将', '斗地主', '象棋', '围棋', '扑克', '跑得快'],
  动作: ['跑酷', '格斗', '射击', '闯关', '大冒险', '突击'],
  休闲: ['消消乐', '农场', '泡泡龙', '餐厅', '合成', '连连看'],
  其他: ['答题王', '音乐节拍', '钓鱼', '画画', '猜成语', '养成记'],
};

const EN_INTRO: Record<WxCategory, readonly string[]> = {
  角色: [
    'Build a party of heroes and explore a hand-drawn world.',
    'Level up, gather loot and face the dragon of the north.',
    'A story-rich adventure with daily quests and guild raids.',
  ],
  竞技: [
    'Fast 3-minute matches against real players.',
    'Climb the ranked ladder and win seasonal rewards.',
    'Team up with friends in 5v5 battles.',
  ],
  棋牌: [
    'Classic rules, quick tables and friendly opponents.',
    'Play against friends or the smart AI at any hour.',
    'Daily tournaments with free entry.',
  ],
  动作: [
    'Dodge, jump and slash through endless levels.',
    'One-thumb controls and boss fights every five stages.',
    'Combo attacks and slow-motion finishes.',
  ],
  休闲: [
    'Relaxing puzzles you can finish in a coffee break.',
    'Match three, unlock rooms and decorate your home.',
    'Hundreds of levels, no timer, no stress.',
  ],
  其他: [
    'Test your knowledge with new questions every day.',
    'Tap to the beat of popular songs.',
    'Build, collect and share with friends.',
  ],
};

const ZH_INTRO: Record<WxCategory, readonly string[]> = {
  角色: ['组建英雄小队，探索奇幻大陆。', '每日任务、公会副本，成长无上限。'],
  竞技: ['三分钟一局，实时匹配真人对战。', '赛季排位，冲击最强王者。'],
  棋牌: ['经典玩法，好友约局随时开桌。', '每日免费比赛，赢取丰厚奖励。'],
  动作: ['单手操作，爽快连招一气呵成。', '关卡丰富，每五关一场首领战。'],
  休闲: ['轻松解压，碎片时间随手玩。', '上百关卡，没有时间限制。'],
  其他: ['每天更新题库，挑战你的知识面。', '跟着节拍点击，畅玩热门歌曲。'],
};

function wxName(rand: Rand, category: WxCategory): { name: string; zh: boolean } {
  if (rand() < 0.35) return { name: `${pick(rand, ZH_PREFIX)}${pick(rand, ZH_SUFFIX[category])}`, zh: true };
  return { name: `${pick(rand, EN_PREFIX)} ${pick(rand, EN_SUFFIX[category])}`, zh: false };
}

/** Rates across 0..0.6, about one in twelve below 0.01 (shown as a dash). */
function rate(rand: Rand): number {
  const r = rand();
  if (r < 0.08) return Math.round(rand() * 99) / 10_000;
  return Math.round((0.01 + rand() * 0.59) * 10_000) / 10_000;
}

const DEMAND_SUBJECTS = [
  'Harbor Noodle House',
  'Glow Skincare',
  'Pixel Phone X2',
  'Sunrise Bakery',
  'Trailblazer Shoes',
  'Moonlight Tea',
  'Kiddo Toys',
  'Urban Bikes',
  'Maple Coffee',
  'Ocean Resort',
  'FitLife Gym',
  'Starlight Cinema',
  'Bloom Florist',
  'Nova Headphones',
  'Cozy Home Decor',
  'Lucky Pet Food',
] as const;
const ZH_DEMAND_SUBJECTS = [
  '海港面馆',
  '星光影院',
  '晨曦烘焙',
  '萌宠粮',
  '城市单车',
  '枫叶咖啡',
  '花漾花店',
  '悦动健身',
] as const;
const DEMAND_FORMATS = [
  ['15-second review of', 'Shoot a short, honest review and show the product in use.'],
  ['Unboxing video:', 'Film the unboxing in one take with natural light.'],
  ['Live stream shout-out for', 'Mention the brand during a live stream of at least 30 minutes.'],
  ['Dance challenge with', 'Join the dance challenge and use the official sound.'],
  ['Before and after:', 'Show a before and after in under 30 seconds.'],
  ['Store visit vlog:', 'Visit a store and share your favourite corner.'],
] as const;
const ZH_DEMAND_FORMATS = [
  ['探店视频', '到店拍摄真实体验，时长15到60秒。'],
  ['开箱测评', '一镜到底开箱，展示产品细节。'],
  ['直播口播', '直播中口播品牌，时长不少于30分钟。'],
  ['挑战赛', '使用官方音乐参与挑战，带话题发布。'],
] as const;
const DEMAND_RULES = [
  'Tag the brand account and add the campaign hashtag.',
  'Keep the video public for at least 30 days.',
  'Do not use copyrighted music other than the official sound.',
  'Videos must be original; reposts are not accepted.',
  'Payment is made 7 days after the video passes review.',
  'Accounts need at least 1,000 followers.',
] as const;

function demandText(rand: Rand, i: number): { name: string; desc: string } {
  if (rand() < 0.3) {
    const [format, desc] = pick(rand, ZH_DEMAND_FORMATS);
    const subject = pick(rand, ZH_DEMAND_SUBJECTS);
    const long = i % 5 === 0 ? '视频需保持公开至少30天。请勿使用未授权音乐。审核通过后7天内结算。' : '';
    return { name: `${subject}${format}`, desc: `${desc}${long}` };
  }
  const [format, desc] = pick(rand, DEMAND_FORMATS);
  const subject = pick(rand, DEMAND_SUBJECTS);
  const rules = i % 4 === 0 ? Array.from({ length: int(rand, 3, 5) }, () => pick(rand, DEMAND_RULES)) : [];
  return { name: `${format} ${subject}`, desc: [desc, ...new Set(rules)].join(' ') };
}

// ---- catalogue

/** The app's page of a mini-game: `/GameDetail/<id>` (src/routes/_authed/GameDetail.$id.tsx). */
const GAME_PAGE = '/GameDetail/';

export interface CatalogueSize {
  wxCount: number;
  demandCount: number;
}

const CHUNK = 200;

/**
 * Deterministic catalogue: `wxCount` mini-games over the six categories and `demandCount` demand
 * tasks, with generated media. Appends; the benchmark calls it with 10,000 of each.
 */
export async function seedCatalogue(db: Db, now: number, size: CatalogueSize): Promise<void> {
  const rand = prng(20261122 + size.wxCount * 7 + size.demandCount);
  const appids = new Set<string>();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < size.wxCount; start += CHUNK) {
      const apps: Insertable<WxAppsTable>[] = [];
      const shots = new Map<string, number>();
      for (let i = start; i < Math.min(size.wxCount, start + CHUNK); i++) {
        let appid = `wx${hex(rand, 14)}`;
        while (appids.has(appid)) appid = `wx${hex(rand, 14)}`;
        appids.add(appid);
        const category = WX_CATEGORIES[i % WX_CATEGORIES.length] as WxCategory;
        const { name, zh } = wxName(rand, category);
        const hasVideo = i % 40 === 3;
        const needsReview = i % 32 === 7;
        shots.set(appid, int(rand, 2, 4));
        apps.push({
          appid,
          appname: name,
          search_name: searchKey(name),
          brief_intro: pick(rand, zh ? ZH_INTRO[category] : EN_INTRO[category]),
          logo_square: `/media/wx/${appid}/logo.svg`,
          category_2_name: category,
          newcps: rate(rand),
          video_url: hasVideo ? (DEMO_VIDEOS[Math.floor(i / 40) % 2] as string) : null,
          cover_img_url: hasVideo ? `/media/wx/${appid}/cover.svg` : null,
          // The game's own page in the app (set below, once the id is known); empty while under review.
          target_url: '',
          needs_review: needsReview ? 1 : 0,
          sort_rank: int(rand, 0, 1000),
          enabled: 1,
          // Spread over the past weeks, newest last, so "newest" is meaningful.
          created_at: now - (size.wxCount - i) * 37 * 60_000,
        });
      }
      const inserted = await insertWxApps(trx, apps);
      // A demo promotion link must lead somewhere that exists: the mini-game's page in this app.
      const live = inserted.filter(({ appid }) => apps.find((a) => a.appid === appid)?.needs_review === 0);
      if (live.length > 0)
        await trx
          .updateTable('wx_apps')
          .set({ target_url: sql<string>`${GAME_PAGE} || cast(id as varchar(20))` })
          .where(
            'id',
            'in',
            live.map(({ id }) => id),
          )
          .execute();
      const images: Insertable<WxAppImagesTable>[] = [];
      const media: Insertable<CatalogueMediaTable>[] = [];
      for (const { id, appid } of inserted) {
        const app = apps.find((a) => a.appid === appid);
        media.push({ url: `/media/wx/${appid}/logo.svg`, media_type: 'image', item_kind: 'wx', item_id: id });
        if (app?.video_url) {
          media.push({ url: app.video_url, media_type: 'video', item_kind: 'wx', item_id: id });
          if (app.cover_img_url)
            media.push({ url: app.cover_img_url, media_type: 'image', item_kind: 'wx', item_id: id });
        }
        for (let n = 1; n <= (shots.get(appid) ?? 2); n++) {
          const url = `/media/wx/${appid}/shot-${n}.svg`;
          images.push({ app_id: id, position: n, img_url: url });
          media.push({ url, media_type: 'image', item_kind: 'wx', item_id: id });
        }
      }
      await insertWxAppImages(trx, images);
      for (let m = 0; m < media.length; m += CHUNK)
        await insertCatalogueMedia(trx, media.slice(m, m + CHUNK));
    }

    const refs = new Set<string>();
    for (let start = 0; start < size.demandCount; start += CHUNK) {
      const demands: Insertable<DemandsTable>[] = [];
      for (let i = start; i < Math.min(size.demandCount, start + CHUNK); i++) {
        let ref = `d${hex(rand, 12)}`;
        while (refs.has(ref)) ref = `d${hex(rand, 12)}`;
        refs.add(ref);
        const { name, desc } = demandText(rand, i);
        const quota = i % 23 === 5 ? 1 : int(rand, 20, 500);
        // A few are already fully claimed; the rest partly.
        const claimed = i % 29 === 11 ? quota : quota === 1 ? 0 : int(rand, 0, Math.floor(quota / 2));
        demands.push({
          ref,
          demand_name: name,
          search_name: searchKey(name),
          demand_desc: desc,
          demand_icon: `/media/dou/${ref}/icon.svg`,
          // No page of its own in the app: the task found in the home page's task list.
          target_url: `/?tab=2&q=${encodeURIComponent(name.slice(0, 100))}`,
          quota,
          claimed,
          sort_rank: int(rand, 0, 1000),
          enabled: i % 61 === 60 ? 0 : 1,
          created_at: now - (size.demandCount - i) * 53 * 60_000,
        });
      }
      const inserted = await insertDemands(trx, demands);
      await insertCatalogueMedia(
        trx,
        inserted.map(({ id, ref }) => ({
          url: `/media/dou/${ref}/icon.svg`,
          media_type: 'image' as const,
          item_kind: 'dou' as const,
          item_id: id,
        })),
      );
    }
  });
  // Fresh statistics so the planner picks the list indexes straight away.
  for (const table of ['wx_apps', 'wx_app_images', 'demands', 'catalogue_media']) {
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
}

// ---- content

const BANNERS: {
  name: string;
  remark: string;
  locales: readonly ContentLocale[] | null;
  siteDomain?: string;
}[] = [
  {
    name: 'Summer Mini-Game Festival',
    remark:
      '<p><strong>Double commission</strong> on every mini-game you promote until the end of August.</p><ul><li>Apply for any game in the list</li><li>Share your link</li><li>Earn twice the usual rate</li></ul><p>Details on <a href="https://example.com/festival">the festival page</a>.</p>',
    locales: CONTENT_LOCALES,
  },
  {
    name: 'Short-video tasks are here',
    remark:
      '<p>Brands now post <em>demand tasks</em> for short-video creators. Add your account card under <strong>My</strong>, then claim a task.</p>',
    locales: ['en-US', 'zh-CN'],
  },
  {
    name: 'Weekly top promoters',
    remark:
      '<p>The ten promoters with the most clicks each week share a bonus pool.</p><p><small>Clicks are counted once per visit.</small></p>',
    locales: null,
  },
  {
    name: 'Invite friends, earn more',
    remark: '<p>Every promoter you invite adds to your team report. <a href="/team">Open your team</a>.</p>',
    locales: null,
    siteDomain: 'localhost',
  },
];

const NOTICES = [
  'Welcome to Beacon! New mini-games are added every week.',
  'Maintenance on Sunday 02:00-03:00 UTC: links keep working, applications pause.',
  'Short-video demand tasks now pay within 7 days of review.',
];

const PAGES: Record<PageSlug, Record<ContentLocale, { title: string; content: string }>> = {
  customAgent: {
    'en-US': {
      title: 'Customer service',
      content:
        '<p>Our support team answers every day from 09:00 to 21:00 (UTC+8).</p><p>Message us on Telegram at <strong>@BeaconSupport</strong> and include your UID.</p>',
    },
    'en-PH': {
      title: 'Customer service',
      content:
        '<p>Our support team is online every day from 9 AM to 9 PM (Manila time).</p><p>Message us on Telegram at <strong>@BeaconSupport</strong> with your UID.</p>',
    },
    'es-ES': {
      title: 'Atención al cliente',
      content:
        '<p>Nuestro equipo responde todos los días de 09:00 a 21:00 (UTC+8).</p><p>Escríbenos en Telegram a <strong>@BeaconSupport</strong> e indica tu UID.</p>',
    },
    'ko-KR': {
      title: '고객 센터',
      content:
        '<p>상담팀은 매일 09:00~21:00 (UTC+8)에 답변합니다.</p><p>텔레그램 <strong>@BeaconSupport</strong>로 UID와 함께 메시지를 보내 주세요.</p>',
    },
    'zh-CN': {
      title: '在线客服',
      content:
        '<p>客服团队每天 09:00 至 21:00（UTC+8）在线。</p><p>请通过 Telegram 联系 <strong>@BeaconSupport</strong>，并附上您的 UID。</p>',
    },
  },
  systemHelp: {
    'en-US': {
      title: 'Help',
      content:
        '<h3>How do I promote a game?</h3><p>Open a game in the list and tap <strong>Apply</strong>. Your personal link appears under Promotion.</p><h3>Why is my Apply button grey?</h3><p>The game is waiting for review by its publisher. Your link appears as soon as it is approved.</p><h3>How are clicks counted?</h3><p>Every visit through your link is counted once.</p>',
    },
    'en-PH': {
      title: 'Help',
      content:
        '<h3>How do I promote a game?</h3><p>Open a game and tap <strong>Apply</strong>. Your link shows up under Promotion.</p><h3>Why is Apply grey?</h3><p>The game is still under review. Your link appears once it is approved.</p>',
    },
    'es-ES': {
      title: 'Ayuda',
      content:
        '<h3>¿Cómo promociono un juego?</h3><p>Abre un juego de la lista y pulsa <strong>Solicitar</strong>. Tu enlace aparece en Promoción.</p><h3>¿Por qué el botón está gris?</h3><p>El juego está en revisión. Tu enlace aparecerá cuando se apruebe.</p>',
    },
    'ko-KR': {
      title: '도움말',
      content:
        '<h3>게임은 어떻게 홍보하나요?</h3><p>목록에서 게임을 열고 <strong>신청</strong>을 누르세요. 개인 링크는 프로모션에 표시됩니다.</p><h3>신청 버튼이 회색인 이유는?</h3><p>게임이 검토 중입니다. 승인되면 링크가 표시됩니다.</p>',
    },
    'zh-CN': {
      title: '帮助中心',
      content:
        '<h3>如何推广游戏？</h3><p>在列表中打开游戏并点击<strong>申请</strong>，您的专属链接会显示在推广页。</p><h3>为什么申请按钮是灰色的？</h3><p>该游戏正在等待审核，审核通过后链接会立即出现。</p>',
    },
  },
  aboutus: {
    'en-US': {
      title: 'About us',
      content:
        '<p><strong>Beacon</strong> connects promoters with mini-games and short-video campaigns. We track every click so you see exactly what your links earn.</p>',
    },
    'en-PH': {
      title: 'About us',
      content:
        '<p><strong>Beacon</strong> connects promoters with mini-games and short-video campaigns, with every click tracked for you.</p>',
    },
    'es-ES': {
      title: 'Sobre nosotros',
      content:
        '<p><strong>Beacon</strong> conecta a promotores con minijuegos y campañas de vídeo corto. Contamos cada clic para que veas lo que generan tus enlaces.</p>',
    },
    'ko-KR': {
      title: '회사 소개',
      content:
        '<p><strong>Beacon</strong>은 프로모터와 미니게임, 숏폼 캠페인을 연결합니다. 모든 클릭을 집계해 링크의 성과를 보여 드립니다.</p>',
    },
    'zh-CN': {
      title: '关于我们',
      content:
        '<p><strong>Beacon</strong> 连接推广员与小游戏、短视频推广任务。我们统计每一次点击，让您清楚看到链接的收益。</p>',
    },
  },
};

/** The language the seed's banners and notices are written in. */
const SEED_LOCALE = 'en-US';

export async function seedContent(db: Db, now: number): Promise<void> {
  const sites = await db.selectFrom('sites').select(['id', 'domain']).execute();
  for (const [index, banner] of BANNERS.entries()) {
    const siteId = banner.siteDomain ? (sites.find((s) => s.domain === banner.siteDomain)?.id ?? null) : null;
    if (banner.siteDomain && siteId === null) continue;
    const id = await insertBanner(db, {
      site_id: siteId,
      bannername: banner.name,
      remark: banner.remark,
      pic_url: '',
      multi_pic: null,
      default_locale: SEED_LOCALE,
      sort_order: index,
      enabled: 1,
      created_at: now,
    });
    // The per-language row is what the console reads and writes (decision 0043); the row keeps its copy.
    await replaceBannerTexts(db, id, [
      { locale: SEED_LOCALE, bannername: banner.name, remark: banner.remark },
    ]);
    const multiPic = banner.locales
      ? Object.fromEntries(banner.locales.map((l) => [l, `/media/banner/${id}-${l}.svg`]))
      : null;
    await updateBannerPictures(
      db,
      id,
      `/media/banner/${id}-en-US.svg`,
      multiPic ? JSON.stringify(multiPic) : null,
    );
  }
  for (const [index, content] of NOTICES.entries()) {
    const noticeId = await insertNotice(db, {
      site_id: null,
      content,
      default_locale: SEED_LOCALE,
      publish_from: now - (NOTICES.length - index) * 3600_000,
      publish_until: null,
      withdrawn_at: null,
      created_at: now,
    });
    await replaceNoticeTexts(db, noticeId, [{ locale: SEED_LOCALE, title: '', body: content }]);
  }
  for (const [slug, byLocale] of Object.entries(PAGES)) {
    for (const [locale, page] of Object.entries(byLocale)) {
      await upsertPage(db, { slug, locale, title: page.title, content: page.content, updated_at: now });
    }
  }
}

// ---- demo applications

const DEMO_UIDS = { player: 10000001, agent: 10000002, senior: 10000003 } as const;

/** Applications, clicks, pins and an app card for the demo accounts, so /promotion is not empty. */
export async function seedDemoApplications(db: Db, now: number): Promise<void> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'uid'])
    .where('uid', 'in', Object.values(DEMO_UIDS))
    .execute();
  const userId = (uid: number) => users.find((u) => u.uid === uid)?.id;
  const wx = await db
    .selectFrom('wx_apps')
    .select('id')
    .where('enabled', '=', 1)
    .where('needs_review', '=', 0)
    .orderBy('sort_rank', 'desc')
    .orderBy('id', 'desc')
    .limit(8)
    .execute();
  const review = await db.selectFrom('wx_apps').select('id').where('needs_review', '=', 1).limit(1).execute();
  const dou = await db
    .selectFrom('demands')
    .select('id')
    .where('enabled', '=', 1)
    .where('quota', '>', 1)
    .orderBy('sort_rank', 'desc')
    .orderBy('id', 'desc')
    .limit(6)
    .execute();
  const plan: { uid: number; kind: 'wx' | 'dou'; itemId: number | undefined; clicks: number }[] = [
    { uid: DEMO_UIDS.player, kind: 'wx', itemId: wx[2]?.id, clicks: 14 },
    { uid: DEMO_UIDS.player, kind: 'wx', itemId: wx[4]?.id, clicks: 3 },
    { uid: DEMO_UIDS.player, kind: 'wx', itemId: review[0]?.id, clicks: 0 },
    { uid: DEMO_UIDS.player, kind: 'dou', itemId: dou[1]?.id, clicks: 7 },
    { uid: DEMO_UIDS.player, kind: 'dou', itemId: dou[3]?.id, clicks: 1 },
    { uid: DEMO_UIDS.agent, kind: 'wx', itemId: wx[5]?.id, clicks: 21 },
    { uid: DEMO_UIDS.senior, kind: 'wx', itemId: wx[6]?.id, clicks: 42 },
    { uid: DEMO_UIDS.senior, kind: 'wx', itemId: wx[7]?.id, clicks: 5 },
    { uid: DEMO_UIDS.senior, kind: 'dou', itemId: dou[4]?.id, clicks: 9 },
  ];
  for (const [index, entry] of plan.entries()) {
    const user = userId(entry.uid);
    if (user === undefined || entry.itemId === undefined) continue;
    const link = await insertApplication(db, {
      user_id: user,
      item_kind: entry.kind,
      item_id: entry.itemId,
      code: newLinkCode(),
      clicks: 0,
      applied_at: now - (plan.length - index) * 5 * 3600_000,
    });
    if (entry.clicks > 0) await setClicks(db, link.id, entry.clicks);
    if (entry.kind === 'dou') {
      await db
        .updateTable('demands')
        .set((eb) => ({ claimed: eb('claimed', '+', 1) }))
        .where('id', '=', entry.itemId)
        .where((eb) => eb('claimed', '<', eb.ref('quota')))
        .execute();
    }
  }
  const senior = userId(DEMO_UIDS.senior);
  if (senior !== undefined) {
    await upsertAppCard(db, {
      user_id: senior,
      account_id: 'compass.creates',
      nickname: 'Compass Creates',
      followers: 12_840,
      updated_at: now,
    });
    // One pinned item per catalogue on every demo site, so the pinned-first order is visible.
    const sites = await db.selectFrom('sites').select('id').execute();
    for (const site of sites) {
      if (wx[0]) await insertPin(db, 'wx', site.id, wx[0].id, senior, now - 60_000);
      if (dou[0]) await insertPin(db, 'dou', site.id, dou[0].id, senior, now - 60_000);
    }
  }
}

export const DEMO_CATALOGUE: CatalogueSize = { wxCount: 320, demandCount: 140 };

/** The portal's demo data, each part only when its tables are still empty. */
export async function seedPortal(db: Db, now: number, size: CatalogueSize = DEMO_CATALOGUE): Promise<void> {
  if ((await countRows(db, 'wx_apps')) === 0 && (await countRows(db, 'demands')) === 0)
    await seedCatalogue(db, now, size);
  if ((await countBanners(db)) === 0) await seedContent(db, now);
  if ((await countRows(db, 'promo_links')) === 0) await seedDemoApplications(db, now);
}
