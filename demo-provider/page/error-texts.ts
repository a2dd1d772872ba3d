import type { ProviderStatus } from '#contract/game-provider';
import type { PageLocale } from './page-texts';

/**
 * The words of the provider's error pages (a launch that cannot open: no such game, no session, a link
 * used or expired, the casino's refusal or silence) and of the casino's refusals, in the launch's language,
 * as the game page's own words (page-texts.ts). `title` heads a page, the rest is its message.
 */
export interface ErrorTexts {
  cannotOpen: string;
  notFoundTitle: string;
  notFound: string;
  noSessionTitle: string;
  noSession: string;
  noAnswerTitle: string;
  noAnswer: string;
  usedLink: string;
  expiredLink: string;
  refusedSession: string;
  /** The platform's refusals in words, for the player. */
  statuses: Partial<Record<ProviderStatus, string>>;
  /**
   * LIMIT_REACHED for a bet above an open bonus's maximum bet (the platform's message `bonus_max_bet <minor>`):
   * the general limit text leaves the player guessing which limit, this one names it and its amount. `{max}`.
   */
  bonusMaxBet: string;
}

const EN: ErrorTexts = {
  cannotOpen: 'Cannot open the game',
  notFoundTitle: 'Game not found',
  notFound: 'There is no such game here.',
  noSessionTitle: 'No game session',
  noSession: 'Open this game from the lobby of your casino.',
  noAnswerTitle: 'The casino did not answer',
  noAnswer: 'Close the game and open it again in a moment.',
  usedLink:
    'This game link was already used or is not valid. Close the game and open it again from the lobby.',
  expiredLink: 'This game link has expired. Close the game and open it again from the lobby.',
  refusedSession: 'The casino refused this game session.',
  bonusMaxBet: 'Above the maximum bet of your bonus: at most {max}.',
  statuses: {
    INSUFFICIENT_FUNDS: 'Not enough balance for this stake.',
    LIMIT_REACHED:
      'This stake is above the limit for this game, a limit you set, or the maximum bet of a bonus you have open.',
    TOKEN_EXPIRED: 'Your game session has expired. Close the game and open it again from the lobby.',
    INVALID_TOKEN: 'This game session is not valid. Close the game and open it again from the lobby.',
    USER_BLOCKED: 'Your account cannot play right now. Please contact support.',
    ROUND_CLOSED: 'This round was already closed.',
    DUPLICATE_TRANSACTION: 'This bet was cancelled before it was placed, so the round did not take place.',
    TRANSACTION_NOT_FOUND: 'The casino does not know this bet.',
    INVALID_SIGNATURE: 'The casino could not check this game server. Please try again later.',
    INVALID_REQUEST: 'The casino refused this request.',
  },
};

const ES: ErrorTexts = {
  cannotOpen: 'No se puede abrir el juego',
  notFoundTitle: 'Juego no encontrado',
  notFound: 'Aquí no hay ningún juego con ese nombre.',
  noSessionTitle: 'Sin sesión de juego',
  noSession: 'Abre este juego desde el lobby de tu casino.',
  noAnswerTitle: 'El casino no responde',
  noAnswer: 'Cierra el juego y vuelve a abrirlo dentro de un momento.',
  usedLink:
    'Este enlace del juego ya se usó o no es válido. Cierra el juego y vuelve a abrirlo desde el lobby.',
  expiredLink: 'Este enlace del juego ha caducado. Cierra el juego y vuelve a abrirlo desde el lobby.',
  refusedSession: 'El casino ha rechazado esta sesión de juego.',
  bonusMaxBet: 'Supera la apuesta máxima de tu bono: como mucho {max}.',
  statuses: {
    INSUFFICIENT_FUNDS: 'No tienes saldo suficiente para esta apuesta.',
    LIMIT_REACHED:
      'Esta apuesta supera el límite de este juego, un límite que has fijado o la apuesta máxima de un bono que tienes abierto.',
    TOKEN_EXPIRED: 'Tu sesión de juego ha caducado. Cierra el juego y vuelve a abrirlo desde el lobby.',
    INVALID_TOKEN: 'Esta sesión de juego no es válida. Cierra el juego y vuelve a abrirlo desde el lobby.',
    USER_BLOCKED: 'Tu cuenta no puede jugar ahora mismo. Ponte en contacto con atención al cliente.',
    ROUND_CLOSED: 'Esta ronda ya estaba cerrada.',
    DUPLICATE_TRANSACTION: 'Esta apuesta se canceló antes de hacerse, así que la ronda no tuvo lugar.',
    TRANSACTION_NOT_FOUND: 'El casino no conoce esta apuesta.',
    INVALID_SIGNATURE: 'El casino no pudo verificar este servidor de juego. Inténtalo de nuevo más tarde.',
    INVALID_REQUEST: 'El casino ha rechazado esta solicitud.',
  },
};

const KO: ErrorTexts = {
  cannotOpen: '게임을 열 수 없습니다',
  notFoundTitle: '게임을 찾을 수 없습니다',
  notFound: '여기에는 그런 게임이 없습니다.',
  noSessionTitle: '게임 세션이 없습니다',
  noSession: '카지노 로비에서 이 게임을 여세요.',
  noAnswerTitle: '카지노가 응답하지 않습니다',
  noAnswer: '게임을 닫고 잠시 후 다시 여세요.',
  usedLink: '이 게임 링크는 이미 사용되었거나 유효하지 않습니다. 게임을 닫고 로비에서 다시 여세요.',
  expiredLink: '이 게임 링크가 만료되었습니다. 게임을 닫고 로비에서 다시 여세요.',
  refusedSession: '카지노가 이 게임 세션을 거절했습니다.',
  bonusMaxBet: '보너스의 최대 베팅액을 넘습니다: 최대 {max}까지 베팅할 수 있습니다.',
  statuses: {
    INSUFFICIENT_FUNDS: '이 베팅액에 필요한 잔액이 부족합니다.',
    LIMIT_REACHED:
      '이 베팅액은 이 게임의 한도, 설정하신 한도 또는 진행 중인 보너스의 최대 베팅액을 넘습니다.',
    TOKEN_EXPIRED: '게임 세션이 만료되었습니다. 게임을 닫고 로비에서 다시 여세요.',
    INVALID_TOKEN: '이 게임 세션은 유효하지 않습니다. 게임을 닫고 로비에서 다시 여세요.',
    USER_BLOCKED: '지금은 이 계정으로 플레이할 수 없습니다. 고객 지원에 문의하세요.',
    ROUND_CLOSED: '이 라운드는 이미 종료되었습니다.',
    DUPLICATE_TRANSACTION: '이 베팅은 접수되기 전에 취소되어 라운드가 진행되지 않았습니다.',
    TRANSACTION_NOT_FOUND: '카지노에 이 베팅 기록이 없습니다.',
    INVALID_SIGNATURE: '카지노가 이 게임 서버를 확인하지 못했습니다. 나중에 다시 시도하세요.',
    INVALID_REQUEST: '카지노가 이 요청을 거절했습니다.',
  },
};

const ZH: ErrorTexts = {
  cannotOpen: '无法打开游戏',
  notFoundTitle: '找不到游戏',
  notFound: '这里没有这个游戏。',
  noSessionTitle: '没有游戏会话',
  noSession: '请从娱乐场大厅打开此游戏。',
  noAnswerTitle: '娱乐场没有回应',
  noAnswer: '请关闭游戏，稍后再重新打开。',
  usedLink: '此游戏链接已被使用或无效。请关闭游戏，从大厅重新打开。',
  expiredLink: '此游戏链接已过期。请关闭游戏，从大厅重新打开。',
  refusedSession: '娱乐场拒绝了此游戏会话。',
  bonusMaxBet: '超出你的奖金的最高投注额：最多 {max}。',
  statuses: {
    INSUFFICIENT_FUNDS: '余额不足，无法投注此金额。',
    LIMIT_REACHED: '此投注额超出本游戏的限额、你设置的限额或你进行中的奖金的最高投注额。',
    TOKEN_EXPIRED: '你的游戏会话已过期。请关闭游戏，从大厅重新打开。',
    INVALID_TOKEN: '此游戏会话无效。请关闭游戏，从大厅重新打开。',
    USER_BLOCKED: '你的账户目前无法游戏。请联系客服。',
    ROUND_CLOSED: '本局已经结束。',
    DUPLICATE_TRANSACTION: '此投注在下注前已被取消，因此本局没有进行。',
    TRANSACTION_NOT_FOUND: '娱乐场没有此投注的记录。',
    INVALID_SIGNATURE: '娱乐场无法验证此游戏服务器。请稍后再试。',
    INVALID_REQUEST: '娱乐场拒绝了此请求。',
  },
};

export const ERROR_TEXTS: Record<PageLocale, ErrorTexts> = {
  'en-US': EN,
  'en-PH': EN,
  'es-ES': ES,
  'ko-KR': KO,
  'zh-CN': ZH,
};
