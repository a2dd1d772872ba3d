import { CURRENCY_SYMBOLS, DEFAULT_CURRENCY_SYMBOL } from '#contract/currency';
import type { ReelSymbol } from '../engines/reels';

/**
 * The game page's own words in the five languages the platform ships. The provider is a separate program
 * and cannot use the app's catalogues, so it keeps this small table; `{name}` marks a value put in.
 */
export const PAGE_LOCALES = ['en-US', 'en-PH', 'es-ES', 'ko-KR', 'zh-CN'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];

/** The launch's `lang` (a full tag such as ko-KR, or only the language, ko) read as one of ours; else en-US. */
export function pageLocale(lang: string): PageLocale {
  const tag = lang.toLowerCase();
  const exact = PAGE_LOCALES.find((l) => l.toLowerCase() === tag);
  if (exact) return exact;
  const language = tag.split('-')[0];
  return PAGE_LOCALES.find((l) => l.startsWith(`${language}-`)) ?? 'en-US';
}

/** "₩1,234.56": the locale's symbol and the amount rounded down to the cent, as the app's formatMoney shows it. */
export function pageMoney(minor: number, locale: PageLocale): string {
  const symbol = CURRENCY_SYMBOLS[locale] ?? DEFAULT_CURRENCY_SYMBOL;
  const amount = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.abs(Math.trunc(minor)) / 100,
  );
  return `${minor < 0 ? '-' : ''}${symbol}${amount}`;
}

export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

const EN = {
  balance: 'Balance',
  game: 'Game',
  reels: 'Reels',
  reel: 'Reel {n}',
  reelShows: 'Reel {n}: {symbol}',
  dice: 'Dice',
  rolled: 'Rolled {roll}, needed under {target}',
  chanceToWin: 'Chance to win',
  targetHint: 'Win when the roll (1-100) is under {target}; pays {pays} your stake.',
  stake: 'Stake ({symbol}, {min} to {max})',
  halve: 'Halve the stake',
  double: '2×: double the stake',
  maxStake: 'Maximum stake',
  max: 'Max',
  spin: 'Spin',
  roll: 'Roll',
  rules: 'Rules, odds and return',
  reelsRules:
    'Three reels, one pay line. Each reel stops on one symbol, drawn by weight from its strip; the line is read left to right and the first matching row of the table pays (three cherries pay 25×, not also the two-cherry win). A win pays the stake times the multiplier; the round is settled at once.',
  reelsCaption: 'Pay table and exact odds per spin',
  line: 'Line',
  pays: 'Pays',
  chance: 'Chance',
  odds: 'Odds',
  any: 'any',
  oneIn: '1 in {n}',
  weights: 'Symbol weights:',
  reelWeights: 'Reel {n}: {weights} (of {total})',
  reelsReturn: 'Return to player: {rtp} (the exact expectation of the table above).',
  diceRules:
    'A roll of 1 to 100, each number equally likely. Pick your chance: you win when the roll is under your target, and the win pays the stake times the multiplier (rounded down to the cent).',
  diceCaption: 'Targets, odds and payouts',
  target: 'Target',
  return: 'Return',
  under: 'Under {n}',
  diceReturn: 'Return to player: {rtp} on every target.',
  limits:
    'Stakes from {min} to {max}, in whole units. Outcomes are drawn on the game server with a cryptographic random generator before the bet is placed.',
  win: 'You win {amount}!',
  noWin: 'No win this time.',
  waiting: 'Waiting for the casino…',
  refused: 'The game server refused this.',
  lost: 'The connection was lost. Check your balance before playing again.',
  stakeRange: 'Enter a whole stake from {min} to {max}.',
  symbols: { seven: 'Seven', bar: 'Bar', bell: 'Bell', cherry: 'Cherry', lemon: 'Lemon', blank: 'Blank' },
};

export type PageTexts = typeof EN & { symbols: Record<ReelSymbol, string> };

const ES: PageTexts = {
  balance: 'Saldo',
  game: 'Juego',
  reels: 'Rodillos',
  reel: 'Rodillo {n}',
  reelShows: 'Rodillo {n}: {symbol}',
  dice: 'Dado',
  rolled: 'Salió {roll}, hacía falta menos de {target}',
  chanceToWin: 'Probabilidad de ganar',
  targetHint: 'Ganas si la tirada (1-100) es menor que {target}; paga {pays} tu apuesta.',
  stake: 'Apuesta ({symbol}, de {min} a {max})',
  halve: 'Reducir la apuesta a la mitad',
  double: '2×: duplicar la apuesta',
  maxStake: 'Apuesta máxima',
  max: 'Máx.',
  spin: 'Girar',
  roll: 'Lanzar',
  rules: 'Reglas, probabilidades y retorno',
  reelsRules:
    'Tres rodillos y una línea de pago. Cada rodillo se detiene en un símbolo, sorteado por peso en su tira; la línea se lee de izquierda a derecha y paga la primera fila de la tabla que coincide (tres cerezas pagan 25×, no también el premio de dos cerezas). Un premio paga la apuesta por el multiplicador; la ronda se liquida al momento.',
  reelsCaption: 'Tabla de pagos y probabilidades exactas por giro',
  line: 'Línea',
  pays: 'Paga',
  chance: 'Probabilidad',
  odds: 'Frecuencia',
  any: 'cualquiera',
  oneIn: '1 de cada {n}',
  weights: 'Pesos de los símbolos:',
  reelWeights: 'Rodillo {n}: {weights} (de {total})',
  reelsReturn: 'Retorno al jugador: {rtp} (la esperanza exacta de la tabla anterior).',
  diceRules:
    'Una tirada de 1 a 100, todos los números igual de probables. Elige tu probabilidad: ganas si la tirada es menor que tu objetivo, y el premio paga la apuesta por el multiplicador (redondeado a la baja al céntimo).',
  diceCaption: 'Objetivos, probabilidades y pagos',
  target: 'Objetivo',
  return: 'Retorno',
  under: 'Menos de {n}',
  diceReturn: 'Retorno al jugador: {rtp} en todos los objetivos.',
  limits:
    'Apuestas de {min} a {max}, en unidades enteras. Los resultados se sortean en el servidor del juego con un generador aleatorio criptográfico antes de aceptar la apuesta.',
  win: '¡Ganas {amount}!',
  noWin: 'Esta vez no hay premio.',
  waiting: 'Esperando al casino…',
  refused: 'El servidor del juego lo ha rechazado.',
  lost: 'Se perdió la conexión. Revisa tu saldo antes de volver a jugar.',
  stakeRange: 'Introduce una apuesta entera de {min} a {max}.',
  symbols: { seven: 'Siete', bar: 'Bar', bell: 'Campana', cherry: 'Cereza', lemon: 'Limón', blank: 'Vacío' },
};

const KO: PageTexts = {
  balance: '잔액',
  game: '게임',
  reels: '릴',
  reel: '릴 {n}',
  reelShows: '릴 {n}: {symbol}',
  dice: '주사위',
  rolled: '{roll} 나옴, {target} 미만이 필요',
  chanceToWin: '당첨 확률',
  targetHint: '굴린 수(1-100)가 {target} 미만이면 당첨; 베팅액의 {pays}를 지급합니다.',
  stake: '베팅액 ({symbol}, {min} ~ {max})',
  halve: '베팅액 절반으로',
  double: '2×: 베팅액 두 배로',
  maxStake: '최대 베팅액',
  max: '최대',
  spin: '돌리기',
  roll: '굴리기',
  rules: '규칙, 확률 및 환수율',
  reelsRules:
    '릴 3개, 페이라인 1개. 각 릴은 스트립에서 가중치에 따라 뽑힌 심볼 하나에 멈춥니다. 라인은 왼쪽에서 오른쪽으로 읽으며 표에서 처음 일치하는 줄이 지급됩니다(체리 3개는 25×이며 체리 2개 당첨은 함께 지급되지 않음). 당첨금은 베팅액에 배수를 곱한 금액이며 라운드는 즉시 정산됩니다.',
  reelsCaption: '배당표와 스핀당 정확한 확률',
  line: '라인',
  pays: '배당',
  chance: '확률',
  odds: '빈도',
  any: '아무 심볼',
  oneIn: '{n}회에 1회',
  weights: '심볼 가중치:',
  reelWeights: '릴 {n}: {weights} (총 {total})',
  reelsReturn: '플레이어 환수율: {rtp} (위 표의 정확한 기댓값).',
  diceRules:
    '1부터 100까지 굴리며 모든 수가 나올 확률은 같습니다. 확률을 고르세요: 굴린 수가 목표 미만이면 당첨이며, 당첨금은 베팅액에 배수를 곱한 금액입니다(센트 단위 내림).',
  diceCaption: '목표, 확률 및 배당',
  target: '목표',
  return: '환수율',
  under: '{n} 미만',
  diceReturn: '플레이어 환수율: 모든 목표에서 {rtp}.',
  limits:
    '베팅액은 {min}부터 {max}까지 정수 단위입니다. 결과는 베팅 전에 게임 서버에서 암호학적 난수 생성기로 뽑습니다.',
  win: '{amount} 당첨!',
  noWin: '이번에는 당첨되지 않았습니다.',
  waiting: '카지노 응답을 기다리는 중…',
  refused: '게임 서버가 거절했습니다.',
  lost: '연결이 끊겼습니다. 다시 플레이하기 전에 잔액을 확인하세요.',
  stakeRange: '{min}부터 {max}까지 정수 베팅액을 입력하세요.',
  symbols: { seven: '세븐', bar: '바', bell: '벨', cherry: '체리', lemon: '레몬', blank: '빈칸' },
};

const ZH: PageTexts = {
  balance: '余额',
  game: '游戏',
  reels: '转轴',
  reel: '转轴 {n}',
  reelShows: '转轴 {n}：{symbol}',
  dice: '骰子',
  rolled: '掷出 {roll}，需要小于 {target}',
  chanceToWin: '获胜概率',
  targetHint: '掷出的点数（1-100）小于 {target} 即获胜；按投注额的 {pays} 派彩。',
  stake: '投注额（{symbol}，{min} 至 {max}）',
  halve: '投注额减半',
  double: '2×：投注额加倍',
  maxStake: '最高投注额',
  max: '最高',
  spin: '旋转',
  roll: '掷骰',
  rules: '规则、概率和返还率',
  reelsRules:
    '三个转轴，一条派彩线。每个转轴按其转带上的权重停在一个符号上；派彩线从左到右读取，派付表中第一条匹配的行（三个樱桃派 25×，不再另派两个樱桃的奖金）。中奖按投注额乘以倍数派彩；本局立即结算。',
  reelsCaption: '派付表及每次旋转的精确概率',
  line: '派彩线',
  pays: '派彩',
  chance: '概率',
  odds: '频率',
  any: '任意',
  oneIn: '每 {n} 次 1 次',
  weights: '符号权重：',
  reelWeights: '转轴 {n}：{weights}（共 {total}）',
  reelsReturn: '玩家返还率：{rtp}（上表的精确期望值）。',
  diceRules:
    '掷出 1 至 100，每个数字概率相同。选择你的概率：掷出的点数小于目标即获胜，按投注额乘以倍数派彩（向下取整到分）。',
  diceCaption: '目标、概率和派彩',
  target: '目标',
  return: '返还率',
  under: '小于 {n}',
  diceReturn: '玩家返还率：每个目标均为 {rtp}。',
  limits: '投注额为 {min} 至 {max}，以整数单位投注。结果在下注前由游戏服务器使用加密随机数生成器抽取。',
  win: '你赢得 {amount}！',
  noWin: '这次没有中奖。',
  waiting: '正在等待娱乐场回应…',
  refused: '游戏服务器拒绝了此操作。',
  lost: '连接已断开。再次游戏前请先查看余额。',
  stakeRange: '请输入 {min} 至 {max} 的整数投注额。',
  symbols: { seven: '七', bar: '条', bell: '铃铛', cherry: '樱桃', lemon: '柠檬', blank: '空白' },
};

export const PAGE_TEXTS: Record<PageLocale, PageTexts> = {
  'en-US': EN,
  'en-PH': EN,
  'es-ES': ES,
  'ko-KR': KO,
  'zh-CN': ZH,
};
