import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  CardIcon,
  ChevronRightIcon,
  DepositIcon,
  RecordsIcon,
  SafeIcon,
  TransferIcon,
  WithdrawIcon,
} from '#ui/icons';
import { RefreshButton } from '#ui/refresh-button';
import { SkeletonBlock } from '#ui/skeleton';
import { useLingeringFlag } from '../lingering-flag';
import { walletQueries } from '../wallet.queries';
import { levelProgress, nextLevel, walletSummary } from '../wallet-values';
import { Money } from './wallet-bits';

/** The wallet part of the /my tab: level and progress, the four amounts, the money entries. */
export function WalletSummary() {
  const { t } = useLingui();
  const secondary = useQuery(walletQueries.secondary());
  const level = useQuery(walletQueries.level());
  const fetching = secondary.isFetching || level.isFetching;
  const loadingFlag = useLingeringFlag(fetching);
  const values = secondary.data ? walletSummary(secondary.data) : null;
  const progress = level.data ? levelProgress(level.data) : 0;
  const next = level.data ? nextLevel(level.data) : null;
  const refresh = () => {
    void secondary.refetch();
    void level.refetch();
  };

  return (
    <section className="wallet-summary" aria-label={t`Wallet`}>
      <div className="wallet-level">
        {level.data ? (
          <>
            <p className="wallet-level__row">
              <span className="wallet-level__badge">{t`VIP ${level.data.vipState.level}`}</span>
              <span className="wallet-level__text tabular">
                {next ? (
                  <>
                    <Money value={level.data.vipState.historySteam} /> / <Money value={next.needSteam} />
                  </>
                ) : (
                  t`Top level`
                )}
              </span>
            </p>
            <div
              className="wallet-level__bar"
              role="progressbar"
              aria-label={t`Level progress`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              aria-valuetext={`${progress}%`}
            >
              <span className="wallet-level__fill" style={{ width: `${progress}%` }} />
            </div>
            <p className="wallet-level__percent tabular">{`${progress}%`}</p>
          </>
        ) : (
          <SkeletonBlock className="skeleton--line" label={t`Loading`} />
        )}
      </div>

      <div className="wallet-balance">
        <div className="wallet-balance__head">
          <h2 className="wallet-balance__title">{t`Balance`}</h2>
          <RefreshButton onRefresh={refresh} busy={loadingFlag} label={t`Refresh balance`} size={20} />
        </div>
        <p className="wallet-balance__total" data-testid="balance">
          {values ? (
            <Money value={values.balance} />
          ) : (
            <SkeletonBlock className="skeleton--line" label={t`Loading`} />
          )}
        </p>
        <dl className="wallet-balance__grid">
          <Amount label={t`Withdrawable`} testId="withdrawable" value={values?.withdrawable} />
          <Amount
            label={t`Locked`}
            testId="locked"
            value={values?.locked}
            // Locked money is a bonus waiting for its bets, or a withdrawal under way: /Bonuses says which.
            why={
              <Link to="/Bonuses" className="wallet-balance__why" aria-label={t`Why is money locked?`}>
                {t`Why?`}
              </Link>
            }
          />
          <Amount label={t`In game`} testId="in-game" value={values?.inGame} />
        </dl>
      </div>

      <nav className="wallet-entries" aria-label={t`Wallet actions`}>
        <Entry to="/Deposit" label={t`Deposit`} icon={<DepositIcon size={20} />} />
        <Entry to="/Withdraw" label={t`Withdraw`} icon={<WithdrawIcon size={20} />} />
        <Entry to="/Records" label={t`Records`} icon={<RecordsIcon size={20} />} />
        <Entry to="/Safe" label={t`Safe`} icon={<SafeIcon size={20} />} />
        <Entry to="/Transfer" label={t`Transfer`} icon={<TransferIcon size={20} />} />
        <Entry to="/Cards" label={t`Cards`} icon={<CardIcon size={20} />} />
      </nav>
    </section>
  );
}

function Amount({
  label,
  value,
  testId,
  why,
}: {
  label: string;
  value: number | undefined;
  testId: string;
  why?: ReactNode;
}) {
  return (
    <div>
      <dt>
        {label}
        {why ? <> {why}</> : null}
      </dt>
      <dd data-testid={testId}>{value === undefined ? '–' : <Money value={value} />}</dd>
    </div>
  );
}

type EntryPath = '/Deposit' | '/Withdraw' | '/Records' | '/Safe' | '/Transfer' | '/Cards';

function Entry({ to, label, icon }: { to: EntryPath; label: string; icon: ReactNode }) {
  return (
    <Link to={to} className="wallet-entry">
      <span className="wallet-entry__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="wallet-entry__label">{label}</span>
      <ChevronRightIcon size={16} className="wallet-entry__chevron" />
    </Link>
  );
}
