import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FollowUp } from '#contract/admin/spin';
import { FOLLOW_UP_STATES } from '#contract/console-states';
import { toast } from '#lib/toast';
import { SelectField } from '#ui/form-fields';
import { useFollowUpDoneMutation } from '../admin.mutations';
import { adminQueries, type FollowUpFilters } from '../admin.queries';
import { AdminSection } from './admin-section';
import { AdminTable } from './admin-table';
import { ReasonDialog } from './reason-dialog';

const STATE_NAMES = { open: msg`To do`, done: msg`Done` } as const;

/**
 * The wheel's physical prizes to hand over (issue 15): each within 24 hours of its spin, oldest due first;
 * an overdue one says so. Marked done with what was done.
 */
export function FollowUpsPage({
  filters,
  onFilters,
  now,
}: {
  filters: FollowUpFilters;
  onFilters: (next: FollowUpFilters) => void;
  now: number;
}) {
  const { i18n, t } = useLingui();
  const list = useQuery(adminQueries.followUps(filters));
  const done = useFollowUpDoneMutation();
  const [closing, setClosing] = useState<FollowUp | null>(null);
  const when = (at: number) => i18n.date(new Date(at), { dateStyle: 'short', timeStyle: 'short' });

  return (
    <AdminSection id="follow-ups" title={<Trans>Prize follow-ups</Trans>}>
      <SelectField
        label={t`State`}
        value={filters.state}
        onChange={(value) => onFilters({ state: value as FollowUpFilters['state'], page: 0 })}
        options={[
          { value: 'all', label: t`Every state` },
          ...FOLLOW_UP_STATES.map((s) => ({ value: s, label: i18n._(STATE_NAMES[s]) })),
        ]}
      />
      <AdminTable
        list={list}
        rowKey={(f) => f.id}
        empty={<Trans>No follow-ups here</Trans>}
        page={filters.page}
        onPage={(page) => onFilters({ ...filters, page })}
        columns={[
          { header: t`User`, cell: (f) => `${f.user.username} · UID ${f.user.uid}` },
          { header: t`Prize`, cell: (f) => f.prize.name },
          {
            header: t`Due`,
            cell: (f) => (
              <>
                {when(f.dueAt)}
                {f.doneAt === null && f.dueAt < now ? (
                  <span className="admin-table__note"> · {t`Overdue`}</span>
                ) : null}
              </>
            ),
          },
          {
            header: t`State`,
            cell: (f) => (
              <>
                {f.doneAt === null
                  ? i18n._(STATE_NAMES.open)
                  : `${i18n._(STATE_NAMES.done)} · ${when(f.doneAt)}`}
                {f.note ? <span className="admin-table__note"> · {f.note}</span> : null}
              </>
            ),
          },
          {
            header: t`Actions`,
            cell: (f) =>
              f.doneAt === null ? (
                <button type="button" className="button button--primary" onClick={() => setClosing(f)}>
                  <Trans>Mark done</Trans>
                </button>
              ) : null,
          },
        ]}
      />
      <ReasonDialog
        open={closing !== null}
        title={t`What was done?`}
        submitLabel={t`Mark done`}
        onClose={() => setClosing(null)}
        onSubmit={(note) => {
          if (!closing) return;
          const id = closing.id;
          setClosing(null);
          done.mutate({ id, note }, { onSuccess: () => toast.positive(t`Marked done`) });
        }}
      />
    </AdminSection>
  );
}
