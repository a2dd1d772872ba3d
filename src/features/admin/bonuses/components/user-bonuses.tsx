import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { BONUS_NOTE_MAX, bonusGrantRequestSchema } from '#contract/admin/bonuses';
import type { Requirement } from '#contract/bonuses';
import { formatMoney, parseTypedAmount } from '#lib/money';
import { toast } from '#lib/toast';
import { EmptyState } from '#ui/empty-state';
import { SelectField, TextAreaField, TextField } from '#ui/form-fields';
import { SkeletonRows } from '#ui/skeleton';
import { ReasonDialog } from '../../components/reason-dialog';
import { usePathProblems } from '../../components/use-path-problems';
import { useBonusGrantMutation, useRequirementCancelMutation } from '../bonuses.mutations';
import { bonusQueries } from '../bonuses.queries';
import { CLAIM_REASON_NAMES, CLAIM_STATE_NAMES, REQUIREMENT_STATE_NAMES } from './claim-names';

/**
 * A player's bonuses on their account page (issue 33): their requirements (open ones can be cancelled with a
 * reason: what they hold goes back to the bonuses account), their claims, and a manual grant with a reason
 * (above 1,000.00 it waits for a second operator).
 */
export function UserBonuses({ uid, site }: { uid: number; site: string | null }) {
  const { i18n, t } = useLingui();
  const bonuses = useQuery(bonusQueries.user(uid, i18n.locale));
  const cancel = useRequirementCancelMutation();
  const [cancelling, setCancelling] = useState<Requirement | null>(null);
  const when = (at: number | null) =>
    at === null ? '—' : i18n.date(new Date(at), { dateStyle: 'short', timeStyle: 'short' });

  const requirementRows = (list: readonly Requirement[]) =>
    list.map((r) => (
      <tr key={r.id}>
        <td data-label={t`Bonus`}>{r.title}</td>
        <td data-label={t`State`}>{i18n._(REQUIREMENT_STATE_NAMES[r.state])}</td>
        <td data-label={t`Granted`}>{formatMoney(r.amount)}</td>
        <td data-label={t`Locked now`}>{formatMoney(r.balance)}</td>
        <td data-label={t`Wagered`}>
          {formatMoney(r.wagered)} / {formatMoney(r.required)}
        </td>
        <td data-label={t`Expires`}>{when(r.expiresAt)}</td>
        <td data-label={t`Actions`}>
          {r.state === 'open' ? (
            <button
              type="button"
              className="button button--danger-outline"
              aria-label={t`Cancel the bonus ${r.title}`}
              onClick={() => setCancelling(r)}
            >
              <Trans>Cancel</Trans>
            </button>
          ) : null}
        </td>
      </tr>
    ));

  return (
    <section className="admin-editor" aria-labelledby="admin-user-bonuses-title">
      <h3 id="admin-user-bonuses-title" className="admin-editor__title">
        <Trans>Bonuses</Trans>
      </h3>
      {bonuses.isPending ? (
        <SkeletonRows label={t`Loading`} />
      ) : !bonuses.data ? (
        <EmptyState title={<Trans>The bonuses could not be loaded</Trans>} />
      ) : (
        <>
          {bonuses.data.active.length + bonuses.data.history.length === 0 ? (
            <p className="admin-table__note">
              <Trans>No bonus requirements</Trans>
            </p>
          ) : (
            <table className="admin-table" aria-label={t`Bonus requirements`}>
              <thead>
                <tr>
                  {[t`Bonus`, t`State`, t`Granted`, t`Locked now`, t`Wagered`, t`Expires`, t`Actions`].map(
                    (h) => (
                      <th key={h} scope="col">
                        {h}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {requirementRows(bonuses.data.active)}
                {requirementRows(bonuses.data.history)}
              </tbody>
            </table>
          )}
          {bonuses.data.claims.length === 0 ? null : (
            <table className="admin-table" aria-label={t`Bonus claims`}>
              <thead>
                <tr>
                  {[t`Offer`, t`Claim`, t`Amount`, t`Reason`, t`When`].map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {bonuses.data.claims.map((c) => {
                  const reason = c.reason as keyof typeof CLAIM_REASON_NAMES | null;
                  return (
                    <tr key={c.id}>
                      <td data-label={t`Offer`}>{c.title || `#${c.offerId}`}</td>
                      <td data-label={t`Claim`}>{i18n._(CLAIM_STATE_NAMES[c.state])}</td>
                      <td data-label={t`Amount`}>{formatMoney(c.amount)}</td>
                      <td data-label={t`Reason`}>
                        {[
                          reason && reason in CLAIM_REASON_NAMES
                            ? i18n._(CLAIM_REASON_NAMES[reason])
                            : c.reason,
                          c.note,
                        ]
                          .filter(Boolean)
                          .join(' · ') || '—'}
                      </td>
                      <td data-label={t`When`}>{when(c.createdAt)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </>
      )}
      <GrantForm uid={uid} site={site} />
      <ReasonDialog
        open={cancelling !== null}
        title={t`Why cancel the bonus ${cancelling?.title ?? ''}?`}
        submitLabel={t`Cancel the bonus`}
        onClose={() => setCancelling(null)}
        onSubmit={(note) => {
          if (cancelling)
            cancel.mutate(
              { requirementId: cancelling.id, note },
              { onSuccess: (r) => toast.positive(t`Cancelled: ${formatMoney(r.removed)} removed`) },
            );
          setCancelling(null);
        }}
      />
    </section>
  );
}

/** A manual grant: an offer of the player's site (or of every site) that has not ended, an amount, a reason. */
function GrantForm({ uid, site }: { uid: number; site: string | null }) {
  const { i18n, t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const problems = usePathProblems(form);
  const grant = useBonusGrantMutation();
  const offers = useQuery(bonusQueries.offers({ state: 'all', page: 0 }, i18n.locale));
  const open = (offers.data?.content ?? []).filter(
    (o) => o.state !== 'ended' && (o.site === null || o.site === site),
  );
  const [offerId, setOfferId] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const chosen = offerId || String(open[0]?.id ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = amount.trim() === '' ? undefined : parseTypedAmount(amount, i18n.locale, '');
    const input = problems.validate(bonusGrantRequestSchema, {
      uid,
      offerId: chosen === '' ? undefined : Number(chosen),
      amount: parsed === undefined ? undefined : 'minor' in parsed ? Number(parsed.minor) / 100 : Number.NaN,
      note,
    });
    if (!input) return;
    grant.mutate(input, {
      onSuccess: (r) => {
        toast.positive(
          r.secondApproval ? t`A second operator has to approve this grant` : t`The bonus was granted`,
        );
        setAmount('');
        setNote('');
      },
      onError: problems.showApiError,
    });
  };

  if (offers.isSuccess && open.length === 0)
    return (
      <p className="admin-table__note">
        <Trans>No offer is open to this player's site for a manual grant.</Trans>
      </p>
    );
  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      className="admin-editor__form"
      aria-labelledby="admin-grant-title"
    >
      <h4 id="admin-grant-title" className="admin-editor__title">
        <Trans>Grant a bonus</Trans>
      </h4>
      <SelectField
        label={t`Offer`}
        name="offerId"
        value={chosen}
        onChange={(value) => {
          setOfferId(value);
          problems.clear('offerId');
        }}
        options={open.map((o) => ({ value: String(o.id), label: o.title || `#${o.id}` }))}
        error={problems.message('offerId')}
      />
      <TextField
        label={t`Amount`}
        hint={t`Above 1,000.00 a second operator approves it.`}
        inputMode="decimal"
        {...problems.field('amount', amount, setAmount)}
      />
      <TextAreaField
        label={t`Reason`}
        name="note"
        maxLength={BONUS_NOTE_MAX}
        value={note}
        onChange={(value) => {
          setNote(value);
          problems.clear('note');
        }}
        error={problems.message('note', t`Reason`)}
      />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={grant.isPending}>
          <Trans>Grant</Trans>
        </button>
      </div>
    </form>
  );
}
