import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminNotice, NOTICE_STATES } from '#contract/admin/notice';
import { Dialog } from '#ui/dialog';
import { DialogActions } from '#ui/dialog-actions';
import { useNoticeWithdrawMutation } from '../admin.mutations';
import { adminQueries } from '../admin.queries';
import { AdminSection, type FilteredPageProps } from './admin-section';
import { AdminTable, EditButton } from './admin-table';
import { type Editing, EditingSlot } from './editing-slot';
import { NoticeEditor } from './notice-editor';

/** `new`: the form of a new notice; a number: that notice's form; absent: the list only. */
export interface NoticeFilters {
  page: number;
  edit?: Editing;
}

const STATE_NAMES = {
  scheduled: msg`Scheduled`,
  live: msg`Live`,
  ended: msg`Ended`,
  withdrawn: msg`Taken down`,
} as const satisfies Record<(typeof NOTICE_STATES)[number], unknown>;

const defaultText = (n: AdminNotice) => {
  const text = n.texts[n.defaultLocale as keyof AdminNotice['texts']];
  return text?.title || text?.body || '';
};

/**
 * The notice centre's notices (issue 16): newest first with their state and push deliveries, the form of
 * the one being edited (its id in the URL), and withdrawing one after a confirmation.
 */
export function NoticesPage({ filters, onFilters }: FilteredPageProps<NoticeFilters>) {
  const { i18n, t } = useLingui();
  const list = useQuery(adminQueries.notices(filters.page));
  const withdraw = useNoticeWithdrawMutation();
  const [confirming, setConfirming] = useState<AdminNotice | null>(null);
  const when = (at: number) => i18n.date(new Date(at), { dateStyle: 'short', timeStyle: 'short' });
  const cancel = () => setConfirming(null);
  const confirmWithdraw = () => {
    if (confirming) withdraw.mutate(confirming.id, { onSettled: cancel });
  };

  return (
    <AdminSection id="notices" title={<Trans>Notices</Trans>}>
      <EditingSlot
        edit={filters.edit}
        list={list}
        newLabel={<Trans>New notice</Trans>}
        missing={<Trans>No such notice</Trans>}
        onNew={() => onFilters({ ...filters, edit: 'new' })}
        editor={(notice) => (
          <NoticeEditor
            key={notice?.id ?? 'new'}
            notice={notice}
            onClose={() => onFilters({ page: filters.page })}
          />
        )}
      />
      <AdminTable
        list={list}
        rowKey={(n) => n.id}
        empty={<Trans>No notices yet</Trans>}
        page={filters.page}
        onPage={(page) => onFilters({ page })}
        columns={[
          { header: t`Notice`, cell: defaultText },
          { header: t`Site`, cell: (n) => n.site ?? t`Every site` },
          { header: t`State`, cell: (n) => i18n._(STATE_NAMES[n.state]) },
          {
            header: t`Shows`,
            cell: (n) =>
              n.publishUntil === null
                ? t`From ${when(n.publishFrom)}`
                : t`${when(n.publishFrom)} to ${when(n.publishUntil)}`,
          },
          {
            header: t`Pushed`,
            cell: (n) => {
              const { sent, pending, dead } = n.deliveries;
              return t`${sent} sent, ${pending} waiting, ${dead} failed`;
            },
          },
          {
            header: t`Actions`,
            cell: (n) => (
              <div className="admin-actions">
                <EditButton name={defaultText(n)} onClick={() => onFilters({ ...filters, edit: n.id })} />
                {n.state === 'scheduled' || n.state === 'live' ? (
                  <button
                    type="button"
                    className="button button--danger-outline"
                    aria-label={t`Take down ${defaultText(n)}`}
                    onClick={() => setConfirming(n)}
                  >
                    <Trans>Take down</Trans>
                  </button>
                ) : null}
              </div>
            ),
          },
        ]}
      />
      <Dialog
        open={confirming !== null}
        title={t`Take this notice down?`}
        onClose={cancel}
        footer={
          <DialogActions
            actions={[
              { label: t`Cancel`, variant: 'ghost', onClick: cancel },
              {
                label: t`Take down`,
                variant: 'danger',
                onClick: confirmWithdraw,
                disabled: withdraw.isPending,
              },
            ]}
          />
        }
      >
        <p className="dialog__text">
          <Trans>It leaves every reader's notice centre, and pushes not sent yet are never sent.</Trans>
        </p>
      </Dialog>
    </AdminSection>
  );
}
