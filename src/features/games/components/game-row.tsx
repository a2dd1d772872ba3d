import { useLingui } from '@lingui/react/macro';
import type { Game } from '#contract/games';
import { formatMoney } from '#lib/money';
import { PlayIcon } from '#ui/icons';
import { categoryLabel } from '../games-labels';
import { formatRtp } from '../games-values';

/** Rendered at this size; the box is reserved before the picture arrives (DESIGN.md section 6). */
export const GAME_PICTURE_PX = 72;

/** A game of the lobby: its picture, name, channel and category, RTP and bet range; a tap launches it. */
export function GameRow({
  game,
  channelName,
  onLaunch,
}: {
  game: Game;
  /** The channel's name from the lobby (its code until the lobby is known). */
  channelName: string;
  onLaunch: () => void;
}) {
  const { t, i18n } = useLingui();
  const rtp = formatRtp(game.rtp, i18n.locale);
  const min = formatMoney(game.minBet);
  const max = formatMoney(game.maxBet);
  return (
    <button type="button" className="card-button game-row" onClick={onLaunch} data-testid="game">
      <img
        className="game-row__picture"
        src={game.picture}
        alt=""
        width={GAME_PICTURE_PX}
        height={GAME_PICTURE_PX}
        loading="lazy"
        decoding="async"
      />
      <span className="game-row__text">
        <span className="game-row__name">{game.name}</span>
        <span className="game-row__meta">
          {channelName} · {categoryLabel(i18n, game.category)}
        </span>
        <span className="game-row__meta tabular">
          {t`RTP ${rtp}`} · {t`Bet ${min} to ${max}`}
        </span>
      </span>
      <span className="game-row__play" aria-hidden="true">
        <PlayIcon size={22} />
      </span>
    </button>
  );
}
