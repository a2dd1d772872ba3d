import type { PageLocale } from './page-texts';

/**
 * The words of a round's JSON answer that the game page shows as they come (a refusal of the request, a round
 * still being confirmed or cancelled, a transfer game without money), in the launch's language as the page's
 * own words (page-texts.ts) and error pages (error-texts.ts); the casino's refusals are ERROR_TEXTS' statuses.
 * `{name}` marks a value put in (page-texts' `fill`).
 */
export interface RoundTexts {
  invalidRequest: string;
  pickTarget: string;
  /** `{min}` and `{max}`: whole units of the wallet's currency. */
  stakeRange: string;
  roundLost: string;
  noSuchRound: string;
  sessionExpired: string;
  confirming: string;
  cancelled: string;
  refusedBet: string;
  noGameBalance: string;
}

const EN: RoundTexts = {
  invalidRequest: 'This round request is not valid.',
  pickTarget: 'Pick one of the offered targets.',
  stakeRange: 'The stake must be a whole amount from {min} to {max}.',
  roundLost: 'The round was lost.',
  noSuchRound: 'No such round.',
  sessionExpired: 'This game session has expired. Open the game again from the lobby.',
  confirming: 'Waiting for the casino to confirm this round…',
  cancelled: 'The casino did not confirm the bet in time, so it was cancelled and your stake returned.',
  refusedBet: 'The casino refused this bet.',
  noGameBalance: 'Not enough balance in this game. Move money in from the app first.',
};

const ES: RoundTexts = {
  invalidRequest: 'Esta solicitud de ronda no es válida.',
  pickTarget: 'Elige uno de los objetivos ofrecidos.',
  stakeRange: 'La apuesta debe ser una cantidad entera de {min} a {max}.',
  roundLost: 'Se ha perdido la ronda.',
  noSuchRound: 'No existe esa ronda.',
  sessionExpired: 'Esta sesión de juego ha caducado. Vuelve a abrir el juego desde el lobby.',
  confirming: 'Esperando a que el casino confirme esta ronda…',
  cancelled: 'El casino no confirmó la apuesta a tiempo, así que se canceló y se te devolvió la apuesta.',
  refusedBet: 'El casino ha rechazado esta apuesta.',
  noGameBalance: 'No hay saldo suficiente en este juego. Primero pasa dinero desde la app.',
};

const KO: RoundTexts = {
  invalidRequest: '이 라운드 요청은 유효하지 않습니다.',
  pickTarget: '제시된 목표 중 하나를 고르세요.',
  stakeRange: '베팅액은 {min}에서 {max} 사이의 정수 금액이어야 합니다.',
  roundLost: '라운드 정보가 사라졌습니다.',
  noSuchRound: '그런 라운드가 없습니다.',
  sessionExpired: '이 게임 세션이 만료되었습니다. 로비에서 게임을 다시 여세요.',
  confirming: '카지노가 이 라운드를 확인하기를 기다리는 중…',
  cancelled: '카지노가 제시간에 베팅을 확인하지 않아 베팅이 취소되고 베팅액이 반환되었습니다.',
  refusedBet: '카지노가 이 베팅을 거절했습니다.',
  noGameBalance: '이 게임의 잔액이 부족합니다. 먼저 앱에서 금액을 옮겨 오세요.',
};

const ZH: RoundTexts = {
  invalidRequest: '此局请求无效。',
  pickTarget: '请选择一个提供的目标。',
  stakeRange: '投注额必须是 {min} 到 {max} 之间的整数金额。',
  roundLost: '本局记录已丢失。',
  noSuchRound: '没有这一局。',
  sessionExpired: '此游戏会话已过期。请从大厅重新打开游戏。',
  confirming: '正在等待娱乐场确认本局…',
  cancelled: '娱乐场没有及时确认投注，因此投注已取消，投注额已退回。',
  refusedBet: '娱乐场拒绝了此投注。',
  noGameBalance: '此游戏余额不足。请先从应用转入资金。',
};

export const ROUND_TEXTS: Record<PageLocale, RoundTexts> = {
  'en-US': EN,
  'en-PH': EN,
  'es-ES': ES,
  'ko-KR': KO,
  'zh-CN': ZH,
};
