import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Round, RoundDetail } from '#contract/games';
import { Dialog } from '#ui/dialog';
import { SkeletonRows } from '#ui/skeleton';
import { gamesQueries } from '../games.queries';
import { MOVE_ACTION_LABELS } from '../games-labels';
import { formatGameTime, GameMoney, RoundStatusBadge } from './game-bits';

/**
 * A round of the betting record in full: what the row shows, the provider, and each money movement the
 * provider sent for it (bets, wins, rollbacks). The row's data shows at once; the movements follow.
 */
export function RoundDetailsDialog({ round, onClose }: { round: Round; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const detail = useQuery(gamesQueries.round(round.id, i18n.locale));
  return (
    <Dialog
      open
      title={round.game}
      onClose={onClose}
      className="round-details"
      footer={
        <button type="button" className="button button--ghost button--block" onClick={onClose}>
          {t`Close`}
        </button>
      }
    >
      <RoundFacts round={detail.data ?? round} provider={detail.data?.provider} />
      <h3 className="round-details__title">{t`Movements`}</h3>
      {detail.data ? (
        <Moves moves={detail.data.moves} />
      ) : detail.isError ? (
        <p className="dialog__text">{t`The movements could not be loaded.`}</p>
      ) : (
        <SkeletonRows label={t`Loading`} count={2} />
      )}
    </Dialog>
  );
}

function RoundFacts({ round, provider }: { round: Round; provider: string | undefined }) {
  const { t, i18n } = useLingui();
  const facts: Array<[string, ReactNode]> = [
    [t`Status`, <RoundStatusBadge key="status" status={round.status} />],
    [
      t`Round ID`,
      <span key="round" className="round-details__id">
        {round.roundId}
      </span>,
    ],
    [t`Channel`, round.channelName],
    ...(provider ? [[t`Provider`, provider] as [string, ReactNode]] : []),
    [t`Bet`, <GameMoney key="bet" value={round.bet} />],
    [t`Valid bet`, <GameMoney key="valid" value={round.validBet} />],
    [t`Win`, <GameMoney key="win" value={round.win} />],
    [t`Net`, <GameMoney key="net" value={round.net} signed />],
    [t`Bet time`, formatGameTime(round.placedAt, i18n.locale)],
    [t`Settle time`, round.settledAt === null ? '–' : formatGameTime(round.settledAt, i18n.locale)],
  ];
  return (
    <dl className="facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Moves({ moves }: { moves: RoundDetail['moves'] }) {
  const { t, i18n } = useLingui();
  if (moves.length === 0) return <p className="dialog__text">{t`No movements`}</p>;
  return (
    <ol className="round-moves">
      {moves.map((move) => (
        <li key={move.transactionId} className="round-moves__item" data-testid="round-move">
          <span className="round-moves__head">
            <span className="round-moves__action">{i18n._(MOVE_ACTION_LABELS[move.action])}</span>
            <GameMoney value={move.amount} />
          </span>
          <span className="round-moves__sub">
            {formatGameTime(move.at, i18n.locale)}
            {move.rolledBack ? ` · ${t`Rolled back`}` : ''}
          </span>
          <span className="round-moves__sub round-moves__id">{move.transactionId}</span>
        </li>
      ))}
    </ol>
  );
}
