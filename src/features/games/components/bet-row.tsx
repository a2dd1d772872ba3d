import { useLingui } from '@lingui/react/macro';
import type { Round } from '#contract/games';
import { formatGameTime, GameMoney, RoundStatusBadge } from './game-bits';

/** A round of the betting record: game, channel, round id, amounts, times and status; a tap opens it. */
export function BetRow({ round, onOpen }: { round: Round; onOpen: () => void }) {
  const { t, i18n } = useLingui();
  const placed = formatGameTime(round.placedAt, i18n.locale);
  const settled = round.settledAt === null ? null : formatGameTime(round.settledAt, i18n.locale);
  return (
    <button type="button" className="card-button bet-row" onClick={onOpen} data-testid="bet">
      <span className="bet-row__head">
        <span className="bet-row__game">{round.game}</span>
        <RoundStatusBadge status={round.status} />
      </span>
      <span className="bet-row__details">
        <span className="bet-row__sub">
          {round.channelName} · <span className="bet-row__round">{round.roundId}</span>
        </span>
        <span className="bet-row__amounts">
          <Amount label={t`Bet`} value={round.bet} />
          <Amount label={t`Valid bet`} value={round.validBet} />
          <Amount label={t`Win`} value={round.win} />
          <Amount label={t`Net`} value={round.net} signed />
        </span>
        <span className="bet-row__sub">
          {t`Bet at ${placed}`}
          {settled ? ` · ${t`Settled at ${settled}`}` : null}
        </span>
      </span>
    </button>
  );
}

function Amount({ label, value, signed = false }: { label: string; value: number; signed?: boolean }) {
  return (
    <span className="bet-row__amount">
      <span className="bet-row__label">{label}</span> <GameMoney value={value} signed={signed} />
    </span>
  );
}
