import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { adminRatiosRequestSchema } from '#contract/admin/agent';
import type { AdminUserDetail } from '#contract/admin/user';
import { formatDay } from '#lib/days';
import { percentFieldText } from '#lib/format';
import { toast } from '#lib/toast';
import { EmptyState } from '#ui/empty-state';
import { TextField } from '#ui/form-fields';
import { SkeletonRows } from '#ui/skeleton';
import { useAccountMutations } from '../admin.mutations';
import { adminQueries } from '../admin.queries';
import { UserBonuses } from '../bonuses/components/user-bonuses';
import { ReasonDialog } from './reason-dialog';
import { usePathProblems } from './use-path-problems';

export const JOB_NAMES = [msg`Player`, msg`Agent`, msg`Senior agent`] as const;

/**
 * One account (issue 16): who it is, where it hangs in the agent tree, its ratios with the range the tree
 * leaves each channel, the senior agent job, and its safe's lock, which an operator clears for a user who
 * proved who they are.
 */
export function UserAccount({ uid, onBack }: { uid: number; onBack: () => void }) {
  const { t, i18n } = useLingui();
  const account = useQuery(adminQueries.user(uid, i18n.locale));
  return (
    <section aria-labelledby="admin-user-title" className="admin-account">
      <div className="admin-actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          <Trans>Back to users</Trans>
        </button>
      </div>
      <h2 id="admin-user-title" className="admin-section__title">
        <Trans>User {uid}</Trans>
      </h2>
      {account.isPending ? (
        <SkeletonRows label={t`Loading`} />
      ) : account.data ? (
        <AccountBody key={account.dataUpdatedAt} detail={account.data} />
      ) : (
        <EmptyState title={<Trans>This account could not be shown</Trans>} />
      )}
    </section>
  );
}

function AccountBody({ detail }: { detail: AdminUserDetail }) {
  const { i18n, t } = useLingui();
  const { user } = detail;
  const mutations = useAccountMutations(user.uid);
  const when = (at: number) => i18n.date(new Date(at), { dateStyle: 'short', timeStyle: 'short' });
  const state = user.banned ? t`Banned` : user.banPending ? t`Ban awaiting a second operator` : t`Active`;
  const facts: [string, string][] = [
    [t`Name`, user.username],
    [t`Phone`, user.phone],
    [t`Site`, user.site ?? '—'],
    [t`Job`, i18n._(JOB_NAMES[user.job] ?? JOB_NAMES[0])],
    [t`Level`, String(user.level)],
    [t`State`, state],
    [t`Joined`, when(user.createdAt)],
    [t`Bound to agent`, detail.parentUid === null ? '—' : String(detail.parentUid)],
    [t`Members (direct / all)`, `${detail.members.direct} / ${detail.members.total}`],
  ];
  return (
    <div className="admin-reports">
      <dl className="admin-totals" aria-label={t`Account`}>
        {facts.map(([term, value]) => (
          <div key={term} className="admin-totals__item">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {user.job === 0 ? null : (
        <div className="admin-actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={mutations.senior.isPending}
            onClick={() =>
              mutations.senior.mutate(user.job !== 2, {
                onSuccess: (r) => toast.positive(r.job === 2 ? t`Now a senior agent` : t`Now an agent`),
              })
            }
          >
            {user.job === 2 ? <Trans>Back to agent</Trans> : <Trans>Make senior agent</Trans>}
          </button>
        </div>
      )}
      <RatiosForm detail={detail} />
      <SafeLock detail={detail} />
      <UserBonuses uid={user.uid} site={user.site} />
    </div>
  );
}

/** Percent as typed: a comma or a point; unreadable: NaN, which the contract names under its field. */
const typedPercent = (text: string): number => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? Number.NaN : value;
};

function RatiosForm({ detail }: { detail: AdminUserDetail }) {
  const { i18n, t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const problems = usePathProblems(form);
  const { ratios: save } = useAccountMutations(detail.user.uid);
  // A change waiting for tomorrow is what the next save starts from.
  const [typed, setTyped] = useState(() =>
    detail.ratios.map((r) => percentFieldText(r.next?.rate ?? r.rate, i18n.locale)),
  );
  const limits = new Map(detail.ratioLimits.map((l) => [l.channel, l]));
  const percent = (value: number) => i18n.number(value / 100, { style: 'percent', maximumFractionDigits: 2 });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = problems.validate(adminRatiosRequestSchema, {
      uid: detail.user.uid,
      ratios: detail.ratios.map((r, i) => ({ channel: r.channel, rate: typedPercent(typed[i] ?? '') })),
    });
    if (!input) return;
    save.mutate(input, {
      onSuccess: (r) =>
        toast.positive(
          r.secondApproval
            ? t`A second operator has to approve this change`
            : t`Saved: the new ratios apply from the next business day`,
        ),
      onError: problems.showApiError,
    });
  };

  if (detail.ratios.length === 0) return null;
  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      className="admin-editor"
      aria-labelledby="admin-ratios-title"
    >
      <h3 id="admin-ratios-title" className="admin-editor__title">
        <Trans>Ratios</Trans>
      </h3>
      {detail.ratios.map((r, i) => {
        const limit = limits.get(r.channel);
        const today = percent(r.rate);
        const hint = [
          r.next
            ? t`Today ${today}, from ${formatDay(r.next.from, i18n.locale)}: ${percent(r.next.rate)}`
            : t`Today ${today}`,
          limit ? t`Allowed: ${percent(limit.min)} to ${percent(limit.max)}` : '',
        ]
          .filter(Boolean)
          .join('. ');
        return (
          <TextField
            key={r.channel}
            label={t`${r.name} ratio (%)`}
            hint={hint}
            name={`ratios.${i}.rate`}
            inputMode="decimal"
            value={typed[i] ?? ''}
            onChange={(e) => {
              const value = e.target.value;
              setTyped((prev) => prev.map((v, j) => (j === i ? value : v)));
              problems.clear(`ratios.${i}.rate`);
            }}
            error={problems.message(`ratios.${i}.rate`)}
          />
        );
      })}
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          <Trans>Save ratios</Trans>
        </button>
      </div>
    </form>
  );
}

function SafeLock({ detail }: { detail: AdminUserDetail }) {
  const { i18n, t } = useLingui();
  const { safeReset } = useAccountMutations(detail.user.uid);
  const [asking, setAsking] = useState(false);
  const { safe } = detail;
  const until =
    safe.lockedUntil === null ? '' : i18n.date(new Date(safe.lockedUntil), { timeStyle: 'short' });
  const status = !safe.hasPassword
    ? t`No safe password set`
    : safe.lockedUntil !== null
      ? t`Locked after wrong passwords, until ${until}`
      : safe.failedTries > 0
        ? t`Not locked; ${safe.failedTries} wrong passwords in a row`
        : t`Not locked`;
  const clearable = safe.lockedUntil !== null || safe.failedTries > 0;
  return (
    <section className="admin-editor" aria-labelledby="admin-safe-title">
      <h3 id="admin-safe-title" className="admin-editor__title">
        <Trans>Safe</Trans>
      </h3>
      <p className="admin-table__note" data-testid="safe-status">
        {status}
      </p>
      {clearable ? (
        <div className="admin-actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={safeReset.isPending}
            onClick={() => setAsking(true)}
          >
            <Trans>Clear the lock</Trans>
          </button>
        </div>
      ) : null}
      <ReasonDialog
        open={asking}
        title={t`Clear the safe's lock of user ${detail.user.uid}`}
        submitLabel={t`Clear the lock`}
        onClose={() => setAsking(false)}
        onSubmit={(reason) => {
          setAsking(false);
          safeReset.mutate(reason, {
            onSuccess: (r) => toast.positive(r.reset ? t`The safe is unlocked` : t`The safe was not locked`),
          });
        }}
      />
    </section>
  );
}
