import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LobbyChannel } from '#contract/games';
import { formatMoney } from '#lib/money';
import { toast } from '#lib/toast';
import { PlayIcon, RecordsIcon } from '#ui/icons';
import { MenuLink } from '#ui/menu-link';
import { SkeletonBlock } from '#ui/skeleton';
import { gamesQueries } from '../games.queries';
import {
  ChannelTransferDialog,
  type TransferDirection,
  type TransferOutcome,
} from './channel-transfer-dialog';
import './games.css';

/**
 * The games part of the /my tab: the way to the lobby and the betting record, and a card per transfer
 * channel to move money in and out. `withdrawable` is the main balance that can move in (from the wallet).
 */
export function GamesCorner({ withdrawable }: { withdrawable: number | undefined }) {
  const { t, i18n } = useLingui();
  const lobby = useQuery(gamesQueries.lobby(i18n.locale));
  const transferChannels = (lobby.data?.channels ?? []).filter((c) => c.transfer);
  return (
    <section className="games-corner" aria-labelledby="games-corner-title">
      <h2 id="games-corner-title" className="section-title">
        {t`Games`}
      </h2>
      <ul className="menu-list">
        <MenuLink to="/games" icon={<PlayIcon size={22} />} label={t`Game lobby`} />
        <MenuLink to="/bets" icon={<RecordsIcon size={22} />} label={t`Betting record`} />
      </ul>
      {transferChannels.map((channel) => (
        <ChannelCard key={channel.code} channel={channel} withdrawable={withdrawable} />
      ))}
    </section>
  );
}

/** A transfer channel: its balance at the provider and the moves in and out. */
function ChannelCard({ channel, withdrawable }: { channel: LobbyChannel; withdrawable: number | undefined }) {
  const { t } = useLingui();
  const [direction, setDirection] = useState<TransferDirection | null>(null);
  // When the last move's answer was lost (state pending): the provider is asked again until it settles.
  const [confirmingSince, setConfirmingSince] = useState<number | null>(null);
  const balance = useQuery(gamesQueries.channelBalance(channel.code, confirmingSince !== null));
  const confirming = confirmingSince !== null && balance.dataUpdatedAt <= confirmingSince;
  const name = channel.name;

  const onDone = (outcome: TransferOutcome) => {
    setDirection(null);
    if (outcome.pending) {
      setConfirmingSince(Date.now());
      return;
    }
    setConfirmingSince(null);
    const amount = formatMoney(outcome.amount);
    toast.positive(
      outcome.direction === 'in' ? t`Moved ${amount} into ${name}` : t`Moved ${amount} out of ${name}`,
    );
  };

  return (
    <article className="channel-card" data-testid="channel-card" aria-labelledby={`channel-${channel.code}`}>
      <div className="channel-card__head">
        <h3 id={`channel-${channel.code}`} className="channel-card__name">
          {name}
        </h3>
        {confirming ? (
          <span className="status-pill round-status round-status--pending" role="status">
            {t`Being confirmed`}
          </span>
        ) : null}
      </div>
      <p className="channel-card__balance" data-testid="channel-balance">
        {balance.data ? (
          <span className="tabular">{formatMoney(balance.data.balance)}</span>
        ) : balance.isError ? (
          <span className="channel-card__error">{t`Balance unavailable, try again later`}</span>
        ) : (
          <SkeletonBlock className="skeleton--line" label={t`Loading`} />
        )}
      </p>
      <div className="channel-card__actions">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => setDirection('in')}
        >
          {t({ message: 'Move in', context: 'game channel' })}
        </button>
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => setDirection('out')}
          disabled={balance.data !== undefined && balance.data.balance <= 0}
        >
          {t({ message: 'Move out', context: 'game channel' })}
        </button>
      </div>
      {direction ? (
        <ChannelTransferDialog
          channel={channel}
          direction={direction}
          available={direction === 'in' ? withdrawable : balance.data?.balance}
          onDone={onDone}
          onClose={() => setDirection(null)}
        />
      ) : null}
    </article>
  );
}
