import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../demo-provider/page/error-texts';
import { ROUND_TEXTS } from '../../demo-provider/page/round-texts';
import { nowSeconds, signature } from '../../demo-provider/signing';
import { type ProviderApp, providerApps, signedAnswer } from './demo-provider-fakes';

// The demo provider's round answers (issue 31 item 9): the JSON a game page shows after a round, or instead of
// one (a stake out of range, a casino's refusal, a transfer game without money, a session gone), speaks the
// launch's language as the page and its error pages do, on the seamless and the transfer game alike.

const SEAMLESS_SECRET = 'seamless-secret-for-tests';
const TRANSFER_SECRET = 'transfer-secret-for-tests';
type App = ProviderApp;

/** The casino's seamless side: it opens the session and refuses every bet for want of money. */
const poorPlatform = (async (input: string | URL | Request, init?: RequestInit) => {
  const action = String(input).split('/').at(-1);
  const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
  return signedAnswer(
    SEAMLESS_SECRET,
    action === 'authenticate'
      ? { status: 'OK', sessionToken: 'beacon-session', playerId: 'p1', currency: 'PHP', balance: 500 }
      : { status: 'INSUFFICIENT_FUNDS', balance: 500, transactionId: String(body.transactionId) },
  );
}) as typeof fetch;

const build = providerApps({ seamless: SEAMLESS_SECRET, transfer: TRANSFER_SECRET }, poorPlatform);

/** The page's boot data: its session and the address its rounds are posted to. */
async function openPage(app: App, url: string): Promise<{ session: string; playUrl: string }> {
  const page = await app.inject({ method: 'GET', url });
  expect(page.statusCode).toBe(200);
  return JSON.parse(
    /<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}',
  );
}

async function postRound(app: App, url: string, payload: object) {
  const res = await app.inject({ method: 'POST', url, payload });
  return { status: res.statusCode, message: (res.json() as { message: string | null }).message };
}

/** A transfer game's page opened by the platform's signed `launch`, in `lang`. */
async function launchTransfer(app: App, lang: string) {
  const raw = JSON.stringify({ playerId: 'p1', gameCode: 'table-dice', lang });
  const ts = nowSeconds();
  const res = await app.inject({
    method: 'POST',
    url: '/transfer/launch',
    headers: {
      'content-type': 'application/json',
      'x-beacon-timestamp': ts,
      'x-beacon-signature': signature(TRANSFER_SECRET, ts, raw),
    },
    payload: raw,
  });
  const url = new URL((res.json() as { url: string }).url);
  return openPage(app, url.pathname + url.search);
}

describe('a transfer game’s round answers', () => {
  it('say in Spanish that there is no money in the game, the stake’s range, a gone session and a bad request', async () => {
    const app = build();
    const { session, playUrl } = await launchTransfer(app, 'es-ES');
    const es = ROUND_TEXTS['es-ES'];
    expect(await postRound(app, playUrl, { session, stake: 1000, choice: 51 })).toEqual({
      status: 200,
      message: es.noGameBalance,
    });
    expect(await postRound(app, playUrl, { session, stake: 100_100, choice: 51 })).toEqual({
      status: 400,
      message: 'La apuesta debe ser una cantidad entera de 1 a 1000.',
    });
    expect(await postRound(app, playUrl, { session: 'gone', stake: 1000, choice: 51 })).toEqual({
      status: 401,
      message: es.sessionExpired,
    });
    expect(await postRound(app, playUrl, { stake: 'all' })).toEqual({
      status: 400,
      message: es.invalidRequest,
    });
  });

  it('keep English for an en-US launch', async () => {
    const app = build();
    const { session, playUrl } = await launchTransfer(app, 'en-US');
    expect((await postRound(app, playUrl, { session, stake: 1000, choice: 51 })).message).toBe(
      'Not enough balance in this game. Move money in from the app first.',
    );
  });
});

describe('a seamless game’s round answers', () => {
  it('give the casino’s refusal in Korean, when played and when asked again, and a round not found', async () => {
    const app = build();
    const { session, playUrl } = await openPage(app, '/play/lucky-dice?token=launch-ok&lang=ko-KR');
    const refused = ERROR_TEXTS['ko-KR'].statuses.INSUFFICIENT_FUNDS;
    const res = await app.inject({
      method: 'POST',
      url: playUrl,
      payload: { session, stake: 1000, choice: 51 },
    });
    const round = res.json() as { roundId: string; message: string };
    expect(round.message).toBe(refused);
    const again = await app.inject({
      method: 'GET',
      url: `/play/rounds/${round.roundId}?session=${session}`,
    });
    expect(again.json()).toMatchObject({ message: refused });
    const missing = await app.inject({ method: 'GET', url: `/play/rounds/nope?session=${session}` });
    expect(missing.json()).toEqual({ message: ROUND_TEXTS['ko-KR'].noSuchRound });
    expect(await postRound(app, playUrl, { session, stake: 1000, choice: 50 })).toEqual({
      status: 400,
      message: ROUND_TEXTS['ko-KR'].pickTarget,
    });
    expect(await postRound(app, playUrl, { session: 'gone', stake: 1000, choice: 51 })).toEqual({
      status: 401,
      message: ERROR_TEXTS['ko-KR'].statuses.INVALID_TOKEN,
    });
  });

  it('give zh-CN its own words and numbers for the stake’s range', async () => {
    const app = build();
    const { session, playUrl } = await openPage(app, '/play/lucky-dice?token=launch-ok&lang=zh-CN');
    expect((await postRound(app, playUrl, { session, stake: 150, choice: 51 })).message).toBe(
      '投注额必须是 1 到 1,000 之间的整数金额。',
    );
  });
});
