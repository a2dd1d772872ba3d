import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { CURRENCY, type DemoGame, findGame } from './catalogue';
import { type Outcome, playRound, readChoice } from './engines/play';
import type { RandomInt } from './engines/weighted-draw';
import { readJson } from './http';
import { ERROR_TEXTS } from './page/error-texts';
import { errorPage, gamePage } from './page/game-page';
import { fill, type PageLocale, pageLocale } from './page/page-texts';
import { ROUND_TEXTS } from './page/round-texts';
import { authenticateLaunch } from './seamless-auth';
import type { WalletWire } from './seamless-client';
import type { RoundRunner, RoundView } from './seamless-rounds';
import { findSeamlessSession } from './seamless-sessions';
import type { ProviderDb } from './store';
import { touchTransferSession } from './transfer-sessions';
import { settleTransferRound, walletBalance } from './wallet-store';

export interface PageRoutesOptions {
  db: ProviderDb;
  client: WalletWire;
  rounds: RoundRunner;
  random?: RandomInt;
  /** The prefix the routes are mounted under (an aggregator's mode: '/hub88'), for the page's own links. */
  base?: string;
}

/** What a page shows of a round; `done: false` while the casino has not decided (the page asks again). */
export interface PageRound {
  done: boolean;
  roundId: string;
  outcome: Outcome | null;
  payout: number;
  balance: number | null;
  message: string | null;
}

/** How long a page's round request waits for the casino before it answers "still waiting". */
const PAGE_WAIT_MS = 8_000;

const langSchema = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)
  .catch('en');
const roundInputSchema = z.object({
  session: z.string().min(1).max(100),
  stake: z.number().int(),
  choice: z.number().int().optional(),
});

async function waitAtMost(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

function html(reply: FastifyReply, nonce: string, page: string, httpStatus = 200): FastifyReply {
  return reply
    .code(httpStatus)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'`,
    )
    .send(page);
}

/** A stake the page may send: whole units (so a payout never rounds) within the game's limits. */
function stakeProblem(game: DemoGame, stake: number, locale: PageLocale): string | null {
  if (stake < game.minBet || stake > game.maxBet || stake % 100 !== 0) {
    const units = new Intl.NumberFormat(locale);
    return fill(ROUND_TEXTS[locale].stakeRange, {
      min: units.format(game.minBet / 100),
      max: units.format(game.maxBet / 100),
    });
  }
  return null;
}

/** Why a round cannot be played from this choice and stake, in the page's words; null when it can. */
function roundProblem(
  game: DemoGame,
  choice: number | null | undefined,
  stake: number,
  locale: PageLocale,
): string | null {
  return choice === null ? ROUND_TEXTS[locale].pickTarget : stakeProblem(game, stake, locale);
}

/**
 * The language a round's answer is worded in: the session's launch language, or before a session is known
 * the one the page's round address carries (showGame), else English.
 */
const roundLocale = (session: { lang: string } | undefined, queryLang: string | undefined): PageLocale =>
  pageLocale(langSchema.parse(session?.lang ?? queryLang));

function pageRound(view: RoundView): PageRound {
  const done = view.state === 'settled' || view.state === 'refused' || view.state === 'cancelled';
  // The outcome is shown only for a round the casino took; a refused or cancelled bet never played.
  const played = view.bet?.status === 'OK' && view.state !== 'cancelled' && view.state !== 'cancelling';
  return {
    done,
    roundId: view.roundId,
    outcome: played ? view.outcome : null,
    payout: played ? view.payout : 0,
    balance: view.balance,
    message: view.message,
  };
}

/** A game's page for an open session; its rounds are posted under `prefix` (/play seamless, /tplay transfer). */
function showGame(
  reply: FastifyReply,
  nonce: string,
  game: DemoGame,
  session: { sessionId: string; balance: number | null; currency: string; lang: string },
  prefix: string,
): FastifyReply {
  const page = gamePage({
    game,
    session: session.sessionId,
    balance: session.balance,
    currency: session.currency,
    lang: session.lang,
    nonce,
    // The language goes with the round request: a refusal before a session is found is worded in it too.
    playUrl: `${prefix}/${game.code}/rounds?lang=${encodeURIComponent(session.lang)}`,
    roundUrl: `${prefix}/rounds/`,
  });
  return html(reply, nonce, page);
}

export function pageRoutes(app: FastifyInstance, options: PageRoutesOptions): void {
  const { db, client, rounds } = options;
  const base = options.base ?? '';

  // ---- seamless: the platform's launch opens /play/<game>?token=...; we exchange the token for a session.
  app.get<{ Params: { gameCode: string }; Querystring: { token?: string; lang?: string } }>(
    '/play/:gameCode',
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      const lang = langSchema.parse(request.query.lang);
      const words = ERROR_TEXTS[pageLocale(lang)];
      const fail = (title: string, message: string, code: number) =>
        html(reply, nonce, errorPage({ title, message, lang, nonce }), code);
      const game = findGame(request.params.gameCode, 'seamless');
      if (!game) return fail(words.notFoundTitle, words.notFound, 404);
      const token = request.query.token ?? '';
      if (!token || token.length > 200) return fail(words.noSessionTitle, words.noSession, 400);
      const auth = await authenticateLaunch(db, client, {
        token,
        gameCode: game.code,
        lang: request.query.lang ? lang : undefined,
      });
      if (auth.kind === 'lost') {
        request.log.warn({ error: auth.error }, 'authenticate got no answer');
        return fail(words.noAnswerTitle, words.noAnswer, 502);
      }
      if (auth.kind === 'refused')
        return fail(
          words.cannotOpen,
          (auth.status === 'INVALID_TOKEN' ? words.usedLink : words.statuses[auth.status]) ??
            words.refusedSession,
          403,
        );
      const { session } = auth;
      return showGame(
        reply,
        nonce,
        game,
        { ...session, lang: langSchema.parse(session.lang) },
        `${base}/play`,
      );
    },
  );

  app.post<{ Params: { gameCode: string }; Querystring: { lang?: string } }>(
    '/play/:gameCode/rounds',
    async (request, reply) => {
      const game = findGame(request.params.gameCode, 'seamless');
      const input = roundInputSchema.safeParse(readJson(request.body));
      const session = input.success ? findSeamlessSession(db, input.data.session) : undefined;
      const locale = roundLocale(session, request.query.lang);
      const words = ROUND_TEXTS[locale];
      if (!game || !input.success) return reply.code(400).send({ message: words.invalidRequest });
      if (!session) return reply.code(401).send({ message: ERROR_TEXTS[locale].statuses.INVALID_TOKEN });
      const choice = readChoice(game.engine, input.data.choice);
      const problem = roundProblem(game, choice, input.data.stake, locale);
      if (problem || choice === null) return reply.code(400).send({ message: problem });
      const roundId = rounds.start(session, game, input.data.stake, choice);
      await waitAtMost(rounds.run(roundId), PAGE_WAIT_MS);
      const view = rounds.view(roundId, locale);
      return view ? pageRound(view) : reply.code(500).send({ message: words.roundLost });
    },
  );

  app.get<{ Params: { roundId: string }; Querystring: { session?: string } }>(
    '/play/rounds/:roundId',
    async (request, reply) => {
      const locale = roundLocale(findSeamlessSession(db, request.query.session ?? ''), undefined);
      const view = rounds.view(request.params.roundId, locale);
      if (!view || view.sessionId !== request.query.session)
        return reply.code(404).send({ message: ROUND_TEXTS[locale].noSuchRound });
      return pageRound(view);
    },
  );

  // ---- transfer: the platform's `launch` gave the page a session of ours; it plays on our wallet.
  app.get<{ Params: { gameCode: string }; Querystring: { session?: string; lang?: string } }>(
    '/tplay/:gameCode',
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      const session = touchTransferSession(db, request.query.session ?? '');
      const lang = langSchema.parse(request.query.lang ?? session?.lang);
      const game = findGame(request.params.gameCode, 'transfer');
      if (!game || !session || session.gameCode !== game.code) {
        const words = ERROR_TEXTS[pageLocale(lang)];
        const page = errorPage({ title: words.cannotOpen, message: words.expiredLink, lang, nonce });
        return html(reply, nonce, page, 403);
      }
      const balance = walletBalance(db, session.playerId);
      return showGame(reply, nonce, game, { ...session, balance, currency: CURRENCY, lang }, `${base}/tplay`);
    },
  );

  app.post<{ Params: { gameCode: string }; Querystring: { lang?: string } }>(
    '/tplay/:gameCode/rounds',
    async (request, reply) => {
      const game = findGame(request.params.gameCode, 'transfer');
      const input = roundInputSchema.safeParse(readJson(request.body));
      // Touched (kept alive) only by a request that could play: as before a round, never by a malformed one.
      const session = game && input.success ? touchTransferSession(db, input.data.session) : undefined;
      const locale = roundLocale(session, request.query.lang);
      const words = ROUND_TEXTS[locale];
      if (!game || !input.success) return reply.code(400).send({ message: words.invalidRequest });
      if (!session || session.gameCode !== game.code)
        return reply.code(401).send({ message: words.sessionExpired });
      const choice = readChoice(game.engine, input.data.choice);
      const problem = roundProblem(game, choice, input.data.stake, locale);
      if (problem || choice === null) return reply.code(400).send({ message: problem });
      const { outcome, payout } = playRound(game.engine, input.data.stake, choice, options.random);
      const settled = settleTransferRound(db, {
        playerId: session.playerId,
        gameCode: game.code,
        stake: input.data.stake,
        outcome,
        payout,
      });
      return {
        done: true,
        roundId: settled.record?.roundId ?? '',
        outcome: settled.outcome,
        payout: settled.record?.win ?? 0,
        balance: settled.balance,
        message: settled.status === 'OK' ? null : words.noGameBalance,
      } satisfies PageRound;
    },
  );
}
