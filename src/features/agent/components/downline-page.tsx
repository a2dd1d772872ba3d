import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import type { Downline, GeneratedLink } from '#contract/agent';
import { toMoney } from '#contract/wallet';
import { ApiError } from '#lib/api-client';
import { chartData } from '#lib/chart-data';
import { formatMoney, parseTypedAmount } from '#lib/money';
import { useFieldErrors } from '#lib/use-field-errors';
import { formatInZone, useDayZone } from '#lib/zoned-time';
import { DayChart } from '#ui/day-chart';
import { EmptyState } from '#ui/empty-state';
import { TextField } from '#ui/form-fields';
import { NoDataPicture } from '#ui/no-data-picture';
import { Page } from '#ui/page';
import { ShareLink } from '#ui/share-link';
import { SkeletonBlock } from '#ui/skeleton';
import { ZoneNote } from '#ui/zone-note';
import { useRechargeLinkMutation } from '../agent.mutations';
import { agentQueries } from '../agent.queries';
import { jobLabel } from '../agent-labels';
import { AgentCard, Amount, FigureTile, RatioList } from './agent-bits';
import { PromoteDialog } from './promote-dialog';
import { SetRatioDialog } from './set-ratio-dialog';
import './agent.css';

/**
 * One member of the agent's team (never anyone else's: the server answers "no such member"): their
 * figures, ratios, the last 30 business days as a chart and a table, and what the agent may do for a
 * direct member (set the ratio, promote a player, a recharge link).
 */
export function DownlinePage({ uid }: { uid: number }) {
  const { t, i18n } = useLingui();
  const downline = useQuery(agentQueries.downline(uid, i18n.locale));
  const notFound =
    downline.error instanceof ApiError &&
    (downline.error.code === 'member_not_found' || downline.error.status === 404);
  return (
    <Page title={t`Member UID ${uid}`} bodyClassName="agent-page">
      {downline.data ? (
        <MemberDetails data={downline.data} />
      ) : downline.isError ? (
        <EmptyState
          picture={<NoDataPicture />}
          title={notFound ? t`No such member in your team` : t`Could not load`}
        >
          {!notFound && downline.error instanceof ApiError ? <p>{downline.error.message}</p> : null}
          <Link to="/team" className="button button--primary">
            {t`Back to the team`}
          </Link>
        </EmptyState>
      ) : (
        <SkeletonBlock className="skeleton--card" label={t`Loading`} />
      )}
    </Page>
  );
}

function MemberDetails({ data }: { data: Downline }) {
  const { t, i18n } = useLingui();
  const detail = useQuery(agentQueries.detail(i18n.locale));
  const [dialog, setDialog] = useState<'ratio' | 'promote' | null>(null);
  const m = data.member;
  const direct = m.depth === 1;
  const days = [...data.days].sort((a, b) => a.day.localeCompare(b.day));
  const from = days[0]?.day;
  const to = days[days.length - 1]?.day;
  const chart =
    from && to
      ? chartData(days, from, to, [
          { label: t`Valid bets`, pick: (d) => d.validBets },
          { label: t`Commission`, pick: (d) => d.commission },
        ])
      : null;
  const joined = formatInZone(m.joinedAt, i18n.locale, useDayZone(), 'date');
  const level = m.depth;

  return (
    <>
      <AgentCard title={m.phone} testId="downline-member">
        <p className="agent-muted">
          {t`UID`} <span className="tabular">{m.uid}</span> · {jobLabel(i18n, m.job)} · {t`Joined ${joined}`}
          {direct ? null : ` · ${t`Level ${level}`}`}
        </p>
        <ZoneNote className="agent-muted" />
        <div className="agent-figures">
          <FigureTile label={t`Deposits`} value={<Amount value={m.deposits} />} />
          <FigureTile label={t`Valid bets`} value={<Amount value={m.validBets} />} />
          <FigureTile
            label={t`Commission`}
            value={<Amount value={m.commission} />}
            testId="downline-commission"
          />
          <FigureTile
            label={t`Their members`}
            value={plural(m.members.total, { one: '# member', other: '# members' })}
          />
        </div>
        <h3 className="agent-subtitle">{t`Ratios`}</h3>
        <RatioList ratios={m.ratios} label={t`Ratios`} />
        <div className="member-row__actions">
          {m.members.total > 0 ? (
            <Link to="/team" search={{ parent: m.uid }} className="button button--outline button--small">
              {t`Their members`}
            </Link>
          ) : null}
          {data.canSetRatio ? (
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => setDialog('ratio')}
            >
              {t`Set ratio`}
            </button>
          ) : null}
          {direct && m.job === 0 ? (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setDialog('promote')}
            >
              {t`Promote to agent`}
            </button>
          ) : null}
        </div>
      </AgentCard>
      <AgentCard title={t`Last 30 days`}>
        {chart ? (
          <DayChart
            title={t`Valid bets and commission by day`}
            data={chart}
            format={(value) => formatMoney(value)}
          />
        ) : (
          <p className="agent-muted">{t`Nothing in these days yet`}</p>
        )}
      </AgentCard>
      <RechargeLink memberUid={m.uid} />
      {dialog === 'ratio' ? (
        <SetRatioDialog member={m} own={detail.data?.ratios} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'promote' ? <PromoteDialog member={m} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

const RECHARGE_FIELDS = ['amount'] as const;

/** A link that opens the deposit page for this member, with an amount if one is given. */
function RechargeLink({ memberUid }: { memberUid: number }) {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [amount, setAmount] = useState('');
  const [made, setMade] = useState<GeneratedLink | null>(null);
  const errors = useFieldErrors(RECHARGE_FIELDS);
  const recharge = useRechargeLinkMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let value: number | undefined;
    if (amount.trim() !== '') {
      const typed = parseTypedAmount(amount, i18n.locale);
      if ('issue' in typed) {
        errors.show({ amount: { code: 'amount_invalid' } }, form.current);
        return;
      }
      value = toMoney(Number(typed.minor));
    }
    errors.show({}, null);
    recharge.mutate(
      { memberUid, ...(value === undefined ? {} : { amount: value }) },
      { onSuccess: setMade, onError: (error) => errors.showApiError(error, form.current) },
    );
  };

  return (
    <AgentCard title={t`Recharge link`}>
      <p className="agent-muted">{t`A link that opens the deposit page for this member.`}</p>
      <form ref={form} className="form" noValidate onSubmit={onSubmit} aria-label={t`Recharge link`}>
        <TextField
          label={t`Amount (optional)`}
          inputMode="decimal"
          autoComplete="off"
          {...errors.input('amount', amount, setAmount)}
        />
        <button type="submit" className="button button--outline button--block" disabled={recharge.isPending}>
          {t`Make the link`}
        </button>
      </form>
      {made ? (
        <div role="status">
          <ShareLink url={made.url} title={t`Deposit`} qrLabel={t`QR code of the recharge link`} />
        </div>
      ) : null}
    </AgentCard>
  );
}
