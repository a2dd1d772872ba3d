import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../demo-provider/page/error-texts';
import { PAGE_LOCALES } from '../../demo-provider/page/page-texts';
import { type ProviderApp, providerApps, signedAnswer } from './demo-provider-fakes';

// Issue 33: the platform refuses a seamless bet above an open bonus's maximum bet with LIMIT_REACHED and the
// message `bonus_max_bet <minor units>` (server/modules/games/seamless.ts). The game page says that limit and
// its amount in the launch's language, not the general text that lists every limit; any other LIMIT_REACHED,
// or a message that is not exactly that shape, keeps the general text.

const SECRET = 'seamless-secret-for-tests';

/** A casino that opens the session and refuses every bet with LIMIT_REACHED and `message`. */
const limitingPlatform = (message: string | undefined) =>
  (async (input: string | URL | Request, init?: RequestInit) => {
    const action = String(input).split('/').at(-1);
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    return signedAnswer(
      SECRET,
      action === 'authenticate'
        ? { status: 'OK', sessionToken: 'beacon-session', playerId: 'p1', currency: 'PHP', balance: 500_000 }
        : {
            status: 'LIMIT_REACHED',
            balance: 500_000,
            transactionId: String(body.transactionId),
            ...(message === undefined ? {} : { message }),
          },
    );
  }) as typeof fetch;

const bonusLimited = providerApps(
  { seamless: SECRET, transfer: 'transfer-secret' },
  limitingPlatform('bonus_max_bet 5000'),
);
const gameLimited = providerApps(
  { seamless: SECRET, transfer: 'transfer-secret' },
  limitingPlatform('bets on lucky-reels are 100-100000'),
);
const oddLimited = providerApps(
  { seamless: SECRET, transfer: 'transfer-secret' },
  limitingPlatform('bonus_max_bet 50.00'),
);
const silentLimited = providerApps(
  { seamless: SECRET, transfer: 'transfer-secret' },
  limitingPlatform(undefined),
);

/** Opens the seamless game's page in `lang`, plays one round of `stake` and answers the round's message. */
async function refusedRound(app: ProviderApp, lang: string, stake: number) {
  const page = await app.inject({ method: 'GET', url: `/play/lucky-reels?token=launch-ok&lang=${lang}` });
  expect(page.statusCode).toBe(200);
  const boot = JSON.parse(
    /<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}',
  ) as { session: string; playUrl: string };
  const res = await app.inject({
    method: 'POST',
    url: boot.playUrl,
    payload: { session: boot.session, stake },
  });
  const round = res.json() as { done: boolean; roundId: string; outcome: unknown; message: string | null };
  // Refused: done at once, no outcome shown.
  expect(round).toMatchObject({ done: true, outcome: null });
  // Asked again (the page polls a round that was not done at once): the same words.
  const again = await app.inject({
    method: 'GET',
    url: `/play/rounds/${round.roundId}?session=${boot.session}`,
  });
  expect((again.json() as { message: string | null }).message).toBe(round.message);
  return round.message;
}

describe('a bet above a bonus’s maximum bet on the demo game page', () => {
  it('says so with the amount, in English', async () => {
    expect(await refusedRound(bonusLimited(), 'en-US', 6000)).toBe(
      'Above the maximum bet of your bonus: at most ₱50.00.',
    );
  });

  it('says so in each of the five languages, with the language’s symbol and digits', async () => {
    const expected: Record<(typeof PAGE_LOCALES)[number], string> = {
      'en-US': 'Above the maximum bet of your bonus: at most ₱50.00.',
      'en-PH': 'Above the maximum bet of your bonus: at most ₱50.00.',
      'es-ES': 'Supera la apuesta máxima de tu bono: como mucho M$50,00.',
      'ko-KR': '보너스의 최대 베팅액을 넘습니다: 최대 ₩50.00까지 베팅할 수 있습니다.',
      'zh-CN': '超出你的奖金的最高投注额：最多 ₱50.00。',
    };
    for (const locale of PAGE_LOCALES) {
      const message = await refusedRound(bonusLimited(), locale, 6000);
      expect(message, locale).toBe(expected[locale]);
      expect(message, locale).not.toBe(ERROR_TEXTS[locale].statuses.LIMIT_REACHED);
    }
  });

  it('keeps the general limit text for a game’s own limit, an unreadable amount and no message', async () => {
    const general = ERROR_TEXTS['es-ES'].statuses.LIMIT_REACHED;
    expect(await refusedRound(gameLimited(), 'es-ES', 6000)).toBe(general);
    expect(await refusedRound(oddLimited(), 'es-ES', 6000)).toBe(general);
    expect(await refusedRound(silentLimited(), 'es-ES', 6000)).toBe(general);
  });
});
