import type { DemoGame } from '../catalogue';
import { DEFAULT_DICE_TARGET, DICE_TARGETS, diceMultiplier100 } from '../engines/dice';
import { PAYTABLE, REEL_STRIPS, REEL_SYMBOLS, reelsLineOdds } from '../engines/reels';
import { PAGE_SCRIPT } from './page-script';
import { PAGE_STYLE } from './page-style';
import { SYMBOL_FACES, SYMBOL_NAMES } from './reel-symbols';

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

export function errorPage(input: { title: string; message: string; lang: string; nonce: string }): string {
  return shell(
    input.title,
    input.lang,
    input.nonce,
    `<main aria-label="${escapeHtml(input.title)}"><h1>${escapeHtml(input.title)}</h1><p class="error" role="alert">${escapeHtml(input.message)}</p></main>`,
  );
}

function percent(value: number, digits = 2): string {
  return `${value.toFixed(digits)}%`;
}

function multiplier(hundredths: number): string {
  return `${(hundredths / 100).toFixed(2).replace(/\.?0+$/, '')}\u00d7`;
}

function reelsStage(): string {
  const reels = [0, 1, 2]
    .map(
      (i) =>
        `<div class="reel" id="reel${i}" role="img" aria-label="Reel ${i + 1}">${SYMBOL_FACES.seven}</div>`,
    )
    .join('');
  return `<div class="reels" aria-label="Reels">${reels}</div>`;
}

function reelsRules(game: DemoGame): string {
  const odds = reelsLineOdds();
  const rows = PAYTABLE.map((line, index) => {
    const o = odds[index];
    const chance = o ? (o.hits / o.combinations) * 100 : 0;
    const names = line.pattern.map((s) => (s === 'any' ? 'any' : SYMBOL_NAMES[s])).join(' \u00b7 ');
    const oneIn = o && o.hits > 0 ? Math.round(o.combinations / o.hits).toLocaleString('en') : '\u2013';
    return `<tr><td>${escapeHtml(names)}</td><td>${line.multiplier}\u00d7</td><td>${percent(chance, 3)}</td><td>1 in ${oneIn}</td></tr>`;
  }).join('');
  const strips = REEL_STRIPS.map(
    (strip, reel) =>
      `<li>Reel ${reel + 1}: ${strip.map((w, s) => `${SYMBOL_NAMES[REEL_SYMBOLS[s] ?? 'blank']} ${w}`).join(', ')} (of ${strip.reduce((a, b) => a + b, 0)})</li>`,
  ).join('');
  return `<p>Three reels, one pay line. Each reel stops on one symbol, drawn by weight from its strip; the
line is read left to right and the first matching row of the table pays (three cherries pay 25\u00d7, not also the two-cherry win).
A win pays the stake times the multiplier; the round is settled at once.</p>
<table><caption class="hint">Pay table and exact odds per spin</caption>
<thead><tr><th scope="col">Line</th><th scope="col">Pays</th><th scope="col">Chance</th><th scope="col">Odds</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>Symbol weights:</p><ul>${strips}</ul>
<p>Return to player: <strong>${percent(game.rtp)}</strong> (the exact expectation of the table above).</p>`;
}

function diceStage(): string {
  return `<div class="die" id="die" role="img" aria-label="Dice">\u2013</div>`;
}

function diceChoice(): string {
  const chips = DICE_TARGETS.map((target) => {
    const id = `target-${target}`;
    const checked = target === DEFAULT_DICE_TARGET ? ' checked' : '';
    return `<span><input type="radio" name="target" id="${id}" value="${target}" data-pays="${multiplier(diceMultiplier100(target))}"${checked}><label for="${id}">${target - 1}%</label></span>`;
  }).join('');
  return `<fieldset><legend>Chance to win</legend><div class="chips">${chips}</div>
<p class="hint" id="target-hint" aria-live="polite"></p></fieldset>`;
}

function diceRules(game: DemoGame): string {
  const rows = DICE_TARGETS.map((target) => {
    const m = diceMultiplier100(target);
    return `<tr><td>Under ${target}</td><td>${target - 1}%</td><td>${multiplier(m)}</td><td>${percent(((target - 1) * m) / 100)}</td></tr>`;
  }).join('');
  return `<p>A roll of 1 to 100, each number equally likely. Pick your chance: you win when the roll is under
your target, and the win pays the stake times the multiplier (rounded down to the cent).</p>
<table><caption class="hint">Targets, odds and payouts</caption>
<thead><tr><th scope="col">Target</th><th scope="col">Chance</th><th scope="col">Pays</th><th scope="col">Return</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>Return to player: <strong>${percent(game.rtp)}</strong> on every target.</p>`;
}

export interface GamePageInput {
  game: DemoGame;
  session: string;
  balance: number | null;
  currency: string;
  lang: string;
  nonce: string;
  /** Where the page posts a round, and where it asks about one still waiting for the casino. */
  playUrl: string;
  roundUrl: string;
}

export function gamePage(input: GamePageInput): string {
  const { game } = input;
  const minUnits = game.minBet / 100;
  const maxUnits = game.maxBet / 100;
  const boot = {
    engine: game.engine,
    session: input.session,
    currency: input.currency,
    lang: input.lang,
    balance: input.balance,
    minBet: game.minBet,
    maxBet: game.maxBet,
    playUrl: input.playUrl,
    roundUrl: input.roundUrl,
    symbols: SYMBOL_FACES,
    symbolNames: SYMBOL_NAMES,
  };
  const reels = game.engine === 'reels';
  // Named: inside the platform's frame dialog it is a second main landmark beside the platform's own.
  const body = `<main aria-label="${escapeHtml(game.name)}">
<div class="top"><h1>${escapeHtml(game.name)}</h1>
<p class="balance">Balance<output id="balance" class="money" aria-live="polite">\u2013</output></p></div>
<section class="stage" aria-label="Game">${reels ? reelsStage() : diceStage()}
<p class="result" id="result" role="status" aria-live="polite"></p></section>
<form id="form" novalidate>
${reels ? '' : diceChoice()}
<label for="stake">Stake (${escapeHtml(input.currency)}, ${minUnits} to ${maxUnits.toLocaleString('en')})</label>
<div class="stake"><input id="stake" name="stake" type="number" inputmode="numeric" min="${minUnits}" max="${maxUnits}" step="1" value="${minUnits * 10}" required>
<button type="button" data-stake="half" aria-label="Halve the stake">\u00bd</button>
<button type="button" data-stake="double" aria-label="2\u00d7: double the stake">2\u00d7</button>
<button type="button" data-stake="max" aria-label="Maximum stake">Max</button></div>
<button class="play" id="play" type="submit">${reels ? 'Spin' : 'Roll'}</button>
</form>
<section class="rules" aria-labelledby="rules-title"><h2 id="rules-title">Rules, odds and return</h2>
${reels ? reelsRules(game) : diceRules(game)}
<p>Stakes from ${minUnits} to ${maxUnits.toLocaleString('en')} ${escapeHtml(input.currency)}, in whole units. Outcomes are drawn on the
game server with a cryptographic random generator before the bet is placed.</p></section>
</main>
<script type="application/json" id="boot">${scriptJson(boot)}</script>
<script nonce="${input.nonce}">${PAGE_SCRIPT}</script>`;
  return shell(game.name, input.lang, input.nonce, body);
}
