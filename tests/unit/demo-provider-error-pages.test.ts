import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../demo-provider/page/error-texts';
import { PAGE_LOCALES, type PageLocale } from '../../demo-provider/page/page-texts';
import { type ProviderApp, providerApps, signedAnswer } from './demo-provider-fakes';

// The demo provider's error pages (issue 31 item 9) speak the launch's language, as its game page does: a
// game that is not there, a launch without a session, a launch link already used, a player the casino
// refuses, a casino that does not answer, and a transfer game's expired link, in each of the five locales.

const SECRET = 'seamless-secret-for-tests';
type App = ProviderApp;

/** The casino's side of `authenticate`: the token says what it answers; `down` is never reached. */
const platformFetch = (async (_input: string | URL | Request, init?: RequestInit) => {
  const { token } = JSON.parse(String(init?.body)) as { token: string };
  if (token === 'down') throw new TypeError('fetch failed');
  return signedAnswer(SECRET, { status: token === 'blocked' ? 'USER_BLOCKED' : 'INVALID_TOKEN' });
}) as typeof fetch;

const build = providerApps({ seamless: SECRET, transfer: 'transfer-secret' }, platformFetch);

/** The page's language, heading and message, as a reader sees them. */
async function errorPageAt(app: App, url: string) {
  const res = await app.inject({ method: 'GET', url });
  const body = res.body;
  const lang = /<html lang="([^"]+)">/.exec(body)?.[1];
  const title = /<h1>(.*?)<\/h1>/s.exec(body)?.[1];
  const message = /<p class="error" role="alert">(.*?)<\/p>/s.exec(body)?.[1];
  return { status: res.statusCode, lang, title, message, body };
}

/** What each launch that cannot open shows, by the locale's words. */
const cases = (words: (typeof ERROR_TEXTS)[PageLocale]) => [
  { url: '/play/no-such-game?token=t', status: 404, title: words.notFoundTitle, message: words.notFound },
  { url: '/play/lucky-reels?', status: 400, title: words.noSessionTitle, message: words.noSession },
  { url: '/play/lucky-reels?token=used', status: 403, title: words.cannotOpen, message: words.usedLink },
  {
    url: '/play/lucky-reels?token=blocked',
    status: 403,
    title: words.cannotOpen,
    message: words.statuses.USER_BLOCKED,
  },
  { url: '/play/lucky-reels?token=down', status: 502, title: words.noAnswerTitle, message: words.noAnswer },
  {
    url: '/tplay/table-dice?session=expired',
    status: 403,
    title: words.cannotOpen,
    message: words.expiredLink,
  },
];

/** English words a translation would not keep ("casino" and "lobby" are Spanish too). */
const ENGLISH = /\b(the|game|session|link|account|open|again|answer)\b/i;

describe('demo provider error pages', () => {
  for (const locale of PAGE_LOCALES)
    it(`are in ${locale} when the game is launched in ${locale}`, async () => {
      const app = build();
      const words = ERROR_TEXTS[locale];
      for (const c of cases(words)) {
        const page = await errorPageAt(app, `${c.url}&lang=${locale}`);
        expect({ url: c.url, ...page, body: undefined }).toEqual({
          url: c.url,
          status: c.status,
          lang: locale,
          title: c.title,
          message: c.message,
          body: undefined,
        });
        expect(page.body).toContain(`<title>${c.title}</title>`);
        if (!locale.startsWith('en-'))
          expect(`${page.title} ${page.message}`, `${locale} ${c.url}`).not.toMatch(ENGLISH);
      }
    });

  it('reads a language-only tag as the locale of that language, and anything else as en-US', async () => {
    const app = build();
    const ko = await errorPageAt(app, '/play/lucky-reels?token=used&lang=ko');
    expect(ko).toMatchObject({ lang: 'ko-KR', message: ERROR_TEXTS['ko-KR'].usedLink });
    const unknown = await errorPageAt(app, '/play/lucky-reels?token=used&lang=fr-FR');
    expect(unknown).toMatchObject({ lang: 'en-US', message: ERROR_TEXTS['en-US'].usedLink });
    const none = await errorPageAt(app, '/tplay/table-dice?session=expired');
    expect(none).toMatchObject({ lang: 'en-US', title: 'Cannot open the game' });
  });

  it('has every message in every locale, and no two locales but the English ones alike', () => {
    const en = ERROR_TEXTS['en-US'];
    for (const locale of ['es-ES', 'ko-KR', 'zh-CN'] as const) {
      const words = ERROR_TEXTS[locale];
      expect(Object.keys(words.statuses).sort()).toEqual(Object.keys(en.statuses).sort());
      for (const key of Object.keys(en) as (keyof typeof en)[])
        if (key !== 'statuses') expect(words[key], `${locale} ${key}`).not.toBe(en[key]);
      for (const [status, text] of Object.entries(words.statuses))
        expect(text, `${locale} ${status}`).not.toBe(en.statuses[status as keyof typeof en.statuses]);
    }
  });
});
