import { CURRENCY_SYMBOLS, DEFAULT_CURRENCY_SYMBOL } from '#contract/currency';
import type { DemoGame } from '../catalogue';
import { DEFAULT_DICE_TARGET, DICE_TARGETS, diceMultiplier100 } from '../engines/dice';
import { PAYTABLE, REEL_STRIPS, REEL_SYMBOLS, reelsLineOdds } from '../engines/reels';
import { PAGE_SCRIPT } from './page-script';
import { PAGE_STYLE } from './page-style';
import { fill, PAGE_TEXTS, type PageLocale, type PageTexts, pageLocale, pageMoney } from './page-texts';
import { SYMBOL_FACES } from './reel-symbols';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside a script element: `<` escaped so no value can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function shell(title: string, lang: string, nonce: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${PAGE_STYLE}</style>
</head>
<body>
${body}
</body>
</html>`;
}

/** A page that says why the game cannot open, in the launch's language (the words are the caller's). */
export function errorPage(input: { title: string; message: string; lang: string; nonce: string }): string {
  return shell(
    input.title,
    pageLocale(input.lang),
    input.nonce,
    `<main aria-label="${escapeHtml(input.title)}"><h1>${escapeHtml(input.title)}</h1><p class="error" role="alert">${escapeHtml(input.message)}</p></main>`,
  );
}

function number(value: number, locale: PageLocale, digits = 0): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

function percent(value: number, locale: PageLocale, digits = 2): string {
  return `${number(value, locale, digits)}%`;
}

function multiplier(hundredths: number): string {
  return `${(hundredths / 100).toFixed(2).replace(/\.?0+$/, '')}\u00d7`;
}

function reelsStage(t: PageTexts): string {
  const reels = [0, 1, 2]
    .map(
      (i) =>
        `<div class="reel" id="reel${i}" role="img" aria-label="${escapeHtml(fill(t.reel, { n: i + 1 }))}">${SYMBOL_FACES.seven}</div>`,
    )
    .join('');
  return `<div class="reels" aria-label="${escapeHtml(t.reels)}">${reels}</div>`;
}

function reelsRules(game: DemoGame, t: PageTexts, locale: PageLocale): string {
  const odds = reelsLineOdds();
  const rows = PAYTABLE.map((line, index) => {
    const o = odds[index];
    const chance = o ? (o.hits / o.combinations) * 100 : 0;
    const names = line.pattern.map((s) => (s === 'any' ? t.any : t.symbols[s])).join(' \u00b7 ');
    const oneIn =
      o && o.hits > 0 ? fill(t.oneIn, { n: number(Math.round(o.combinations / o.hits), locale) }) : '\u2013';
    return `<tr><td>${escapeHtml(names)}</td><td>${line.multiplier}\u00d7</td><td>${percent(chance, locale, 3)}</td><td>${escapeHtml(oneIn)}</td></tr>`;
  }).join('');
  const strips = REEL_STRIPS.map((strip, reel) => {
    const weights = strip.map((w, s) => `${t.symbols[REEL_SYMBOLS[s] ?? 'blank']} ${w}`).join(', ');
    const total = strip.reduce((a, b) => a + b, 0);
    return `<li>${escapeHtml(fill(t.reelWeights, { n: reel + 1, weights, total }))}</li>`;
  }).join('');
  return `<p>${escapeHtml(t.reelsRules)}</p>
<table><caption class="hint">${escapeHtml(t.reelsCaption)}</caption>
<thead><tr><th scope="col">${escapeHtml(t.line)}</th><th scope="col">${escapeHtml(t.pays)}</th><th scope="col">${escapeHtml(t.chance)}</th><th scope="col">${escapeHtml(t.odds)}</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${escapeHtml(t.weights)}</p><ul>${strips}</ul>
<p>${strong(t.reelsReturn, percent(game.rtp, locale))}</p>`;
}

/** A text whose `{rtp}` is shown in bold. */
function strong(text: string, rtp: string): string {
  return escapeHtml(text).replace('{rtp}', `<strong>${escapeHtml(rtp)}</strong>`);
}

function diceStage(t: PageTexts): string {
  return `<div class="die" id="die" role="img" aria-label="${escapeHtml(t.dice)}">\u2013</div>`;
}

function diceChoice(t: PageTexts): string {
  const chips = DICE_TARGETS.map((target) => {
    const id = `target-${target}`;
    const checked = target === DEFAULT_DICE_TARGET ? ' checked' : '';
    return `<span><input type="radio" name="target" id="${id}" value="${target}" data-pays="${multiplier(diceMultiplier100(target))}"${checked}><label for="${id}">${target - 1}%</label></span>`;
  }).join('');
  return `<fieldset><legend>${escapeHtml(t.chanceToWin)}</legend><div class="chips">${chips}</div>
<p class="hint" id="target-hint" aria-live="polite"></p></fieldset>`;
}

function diceRules(game: DemoGame, t: PageTexts, locale: PageLocale): string {
  const rows = DICE_TARGETS.map((target) => {
    const m = diceMultiplier100(target);
    return `<tr><td>${escapeHtml(fill(t.under, { n: target }))}</td><td>${target - 1}%</td><td>${multiplier(m)}</td><td>${percent(((target - 1) * m) / 100, locale)}</td></tr>`;
  }).join('');
  return `<p>${escapeHtml(t.diceRules)}</p>
<table><caption class="hint">${escapeHtml(t.diceCaption)}</caption>
<thead><tr><th scope="col">${escapeHtml(t.target)}</th><th scope="col">${escapeHtml(t.chance)}</th><th scope="col">${escapeHtml(t.pays)}</th><th scope="col">${escapeHtml(t.return)}</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${strong(t.diceReturn, percent(game.rtp, locale))}</p>`;
}

export interface GamePageInput {
  game: DemoGame;
  session: string;
  balance: number | null;
  /** The wallet's currency code (PHP); the page shows the launch language's symbol for it, as the app does. */
  currency: string;
  /** The launch's language: the page's words and amounts follow it (pageLocale). */
  lang: string;
  nonce: string;
  /** Where the page posts a round, and where it asks about one still waiting for the casino. */
  playUrl: string;
  roundUrl: string;
}

export function gamePage(input: GamePageInput): string {
  const { game } = input;
  const locale = pageLocale(input.lang);
  const t = PAGE_TEXTS[locale];
  const minUnits = game.minBet / 100;
  const maxUnits = game.maxBet / 100;
  const symbol = CURRENCY_SYMBOLS[locale] ?? DEFAULT_CURRENCY_SYMBOL;
  const boot = {
    engine: game.engine,
    session: input.session,
    currency: input.currency,
    lang: locale,
    symbol,
    texts: t,
    balance: input.balance,
    minBet: game.minBet,
    maxBet: game.maxBet,
    playUrl: input.playUrl,
    roundUrl: input.roundUrl,
    symbols: SYMBOL_FACES,
  };
  const reels = game.engine === 'reels';
  const stake = fill(t.stake, { symbol, min: number(minUnits, locale), max: number(maxUnits, locale) });
  const limits = fill(t.limits, { min: pageMoney(game.minBet, locale), max: pageMoney(game.maxBet, locale) });
  // Named: inside the platform's frame dialog it is a second main landmark beside the platform's own.
  const body = `<main aria-label="${escapeHtml(game.name)}">
<div class="top"><h1>${escapeHtml(game.name)}</h1>
<p class="balance">${escapeHtml(t.balance)}<output id="balance" class="money" aria-live="polite">\u2013</output></p></div>
<section class="stage" aria-label="${escapeHtml(t.game)}">${reels ? reelsStage(t) : diceStage(t)}
<p class="result" id="result" role="status" aria-live="polite"></p></section>
<form id="form" novalidate>
${reels ? '' : diceChoice(t)}
<label for="stake">${escapeHtml(stake)}</label>
<div class="stake"><input id="stake" name="stake" type="number" inputmode="numeric" min="${minUnits}" max="${maxUnits}" step="1" value="${minUnits * 10}" required>
<button type="button" data-stake="half" aria-label="${escapeHtml(t.halve)}">\u00bd</button>
<button type="button" data-stake="double" aria-label="${escapeHtml(t.double)}">2\u00d7</button>
<button type="button" data-stake="max" aria-label="${escapeHtml(t.maxStake)}">${escapeHtml(t.max)}</button></div>
<button class="play" id="play" type="submit">${escapeHtml(reels ? t.spin : t.roll)}</button>
</form>
<section class="rules" aria-labelledby="rules-title"><h2 id="rules-title">${escapeHtml(t.rules)}</h2>
${reels ? reelsRules(game, t, locale) : diceRules(game, t, locale)}
<p>${escapeHtml(limits)}</p></section>
</main>
<script type="application/json" id="boot">${scriptJson(boot)}</script>
<script nonce="${input.nonce}">${PAGE_SCRIPT}</script>`;
  return shell(game.name, locale, input.nonce, body);
}
