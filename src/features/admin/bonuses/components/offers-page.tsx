import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type AdminOffer,
  type AdminOfferDetail,
  OFFER_STATES,
  type OfferState,
} from '#contract/admin/bonuses';
import { formatMoney } from '#lib/money';
import { toast } from '#lib/toast';
import { EmptyState } from '#ui/empty-state';
import { SelectField } from '#ui/form-fields';
import { SkeletonRows } from '#ui/skeleton';
import { AdminSection, type FilteredPageProps } from '../../components/admin-section';
import { AdminTable, DecisionButtons, EditButton } from '../../components/admin-table';
import { ReasonDialog } from '../../components/reason-dialog';
import { useClaimDecideMutation, useOfferMoveMutation } from '../bonuses.mutations';
import { bonusQueries, type OfferFilters } from '../bonuses.queries';
import { CLAIM_REASON_NAMES } from './claim-names';
import { KIND_NAMES, OfferEditor } from './offer-editor';

export const STATE_NAMES: Record<OfferState, MessageDescriptor> = {
  active: msg`Active`,
  paused: msg`Paused`,
  ended: msg`Ended`,
};

/**
 * The console's bonus offers (issue 33): the list with each offer's state, version and budget spent; the
 * form of a new offer or of one's next version with its earlier versions; pause, resume and end; and the
 * claims held for review, approved or refused with a reason.
 */
export function OffersPage({ filters, onFilters }: FilteredPageProps<OfferFilters>) {
  const { i18n, t } = useLingui();
  const list = useQuery(bonusQueries.offers(filters, i18n.locale));
  const move = useOfferMoveMutation();
  const close = () => onFilters({ state: filters.state, page: filters.page });
  const spent = (o: AdminOffer) =>
    o.budget === null
      ? t`${formatMoney(o.granted)} (no budget)`
      : t`${formatMoney(o.granted)} of ${formatMoney(o.budget)}`;
  const moved = {
    onSuccess: (o: AdminOffer) => toast.positive(t`${o.title}: ${i18n._(STATE_NAMES[o.state])}`),
  };

  return (
    <AdminSection id="bonus-offers" title={<Trans>Bonus offers</Trans>}>
      {filters.edit === undefined ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => onFilters({ ...filters, edit: 'new' })}
        >
          <Trans>New offer</Trans>
        </button>
      ) : filters.edit === 'new' ? (
        <OfferEditor offer={null} onClose={close} />
      ) : (
        <EditedOffer id={filters.edit} onClose={close} />
      )}
      <SelectField
        label={t`State`}
        value={filters.state}
        onChange={(value) => onFilters({ state: value as OfferFilters['state'], page: 0 })}
        options={[
          { value: 'all', label: t`Every state` },
          ...OFFER_STATES.map((s) => ({ value: s, label: i18n._(STATE_NAMES[s]) })),
        ]}
      />
      <AdminTable
        list={list}
        rowKey={(o) => o.id}
        empty={<Trans>No offers yet</Trans>}
        page={filters.page}
        onPage={(page) => onFilters({ ...filters, page })}
        columns={[
          { header: t`Offer`, cell: (o) => o.title || `#${o.id}` },
          { header: t`Kind`, cell: (o) => i18n._(KIND_NAMES[o.kind]) },
          { header: t`Site`, cell: (o) => o.site ?? t`Every site` },
          { header: t`State`, cell: (o) => i18n._(STATE_NAMES[o.state]) },
          { header: t`Version`, cell: (o) => String(o.version) },
          { header: t`Granted`, cell: spent },
          {
            header: t`Actions`,
            cell: (o) => (
              <div className="admin-actions">
                {o.state === 'ended' ? null : (
                  <EditButton name={o.title} onClick={() => onFilters({ ...filters, edit: o.id })} />
                )}
                {o.state === 'active' ? (
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={t`Pause ${o.title}`}
                    onClick={() => move.mutate({ id: o.id, move: 'pause' }, moved)}
                  >
                    <Trans>Pause</Trans>
                  </button>
                ) : null}
                {o.state === 'paused' ? (
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={t`Resume ${o.title}`}
                    onClick={() => move.mutate({ id: o.id, move: 'resume' }, moved)}
                  >
                    <Trans>Resume</Trans>
                  </button>
                ) : null}
                {o.state === 'ended' ? null : (
                  <button
                    type="button"
                    className="button button--danger-outline"
                    aria-label={t`End ${o.title}`}
                    onClick={() => move.mutate({ id: o.id, move: 'end' }, moved)}
                  >
                    <Trans>End</Trans>
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
      <HeldClaims />
    </AdminSection>
  );
}

/** An offer's form for its next version, with the versions written so far. */
function EditedOffer({ id, onClose }: { id: number; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const detail = useQuery(bonusQueries.offer(id, i18n.locale));
  if (detail.isPending) return <SkeletonRows label={t`Loading`} />;
  if (!detail.data) return <EmptyState title={<Trans>No such offer</Trans>} />;
  return (
    <>
      <OfferEditor key={`${id}:${detail.data.version}`} offer={detail.data} onClose={onClose} />
      <Versions offer={detail.data} />
    </>
  );
}

function Versions({ offer }: { offer: AdminOfferDetail }) {
  const { i18n, t } = useLingui();
  const when = (at: number) => i18n.date(new Date(at), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <section aria-labelledby="admin-offer-versions-title">
      <h3 id="admin-offer-versions-title" className="admin-editor__title">
        <Trans>Versions</Trans>
      </h3>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t`Version`}</th>
            <th scope="col">{t`Written`}</th>
            <th scope="col">{t`Terms`}</th>
            <th scope="col">{t`Languages`}</th>
          </tr>
        </thead>
        <tbody>
          {offer.versions.map((v) => (
            <tr key={v.version}>
              <td data-label={t`Version`}>{v.version}</td>
              <td data-label={t`Written`}>
                {when(v.createdAt)}
                {v.createdBy ? ` · UID ${v.createdBy.uid}` : ''}
              </td>
              <td data-label={t`Terms`}>
                {[
                  v.percent === null ? null : `${v.percent}%`,
                  v.amount === null ? null : formatMoney(v.amount),
                  t`${v.turnoverMultiplier}x turnover`,
                  t`${v.validityDays} days`,
                  ...v.contributions.map((c) => `${c.channel} ${c.percent}%`),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </td>
              <td data-label={t`Languages`}>{Object.keys(v.texts).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Claims held for review (one welcome offer per person): approved (granted now) or refused, with a reason. */
function HeldClaims() {
  const { i18n, t } = useLingui();
  const [page, setPage] = useState(0);
  const list = useQuery(bonusQueries.held(page, i18n.locale));
  const decide = useClaimDecideMutation();
  const [deciding, setDeciding] = useState<{ claimId: number; approve: boolean } | null>(null);
  return (
    <section aria-labelledby="admin-held-claims-title">
      <h2 id="admin-held-claims-title" className="admin-section__title">
        <Trans>Claims held for review</Trans>
      </h2>
      <AdminTable
        list={list}
        rowKey={(c) => c.id}
        empty={<Trans>No claims are waiting</Trans>}
        page={page}
        onPage={setPage}
        columns={[
          { header: t`Player`, cell: (c) => <>UID {c.user.uid}</> },
          { header: t`Offer`, cell: (c) => c.title || `#${c.offerId}` },
          { header: t`Amount`, cell: (c) => formatMoney(c.amount) },
          {
            header: t`Why held`,
            cell: (c) => {
              const reason = c.reason as keyof typeof CLAIM_REASON_NAMES | null;
              return reason && reason in CLAIM_REASON_NAMES
                ? i18n._(CLAIM_REASON_NAMES[reason])
                : (c.reason ?? '');
            },
          },
          {
            header: t`Actions`,
            cell: (c) => (
              <DecisionButtons
                yes={<Trans>Approve</Trans>}
                no={<Trans>Refuse</Trans>}
                onYes={() => setDeciding({ claimId: c.id, approve: true })}
                onNo={() => setDeciding({ claimId: c.id, approve: false })}
              />
            ),
          },
        ]}
      />
      <ReasonDialog
        open={deciding !== null}
        title={deciding?.approve ? t`Why approve this claim?` : t`Why refuse this claim?`}
        submitLabel={deciding?.approve ? t`Approve` : t`Refuse`}
        onClose={() => setDeciding(null)}
        onSubmit={(note) => {
          if (deciding)
            decide.mutate(
              { ...deciding, note },
              {
                onSuccess: (r) =>
                  toast.positive(r.state === 'granted' ? t`The bonus was granted` : t`The claim was refused`),
              },
            );
          setDeciding(null);
        }}
      />
    </section>
  );
}
