import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProviderCall } from '#contract/admin/game-providers';
import { formatMoney } from '#lib/money';
import { adminQueries } from '../admin.queries';
import { AdminTable } from './admin-table';

/**
 * A provider's latest wallet calls (issue 34), newest first: ids, amounts and the status Beacon answered, for
 * reconciling with the aggregator. Keys and signatures are never recorded, so never shown.
 */
export function ProviderCalls({ code, name, onClose }: { code: string; name: string; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const [page, setPage] = useState(0);
  const calls = useQuery(adminQueries.providerCalls(code, page));
  const when = (at: number) => i18n.date(new Date(at), { dateStyle: 'short', timeStyle: 'medium' });
  const actions: Record<ProviderCall['action'], string> = { bet: t`Bet`, win: t`Win`, rollback: t`Rollback` };
  const states: Record<ProviderCall['state'], string> = {
    applied: t`Applied`,
    rolled_back: t`Rolled back`,
    refused: t`Refused`,
    cancelled_unseen: t`Rolled back before it arrived`,
  };
  return (
    <section aria-labelledby="provider-calls-title">
      <h3 id="provider-calls-title" className="admin-editor__title">
        <Trans>Latest wallet calls: {name}</Trans>
      </h3>
      <AdminTable
        list={calls}
        rowKey={(c) => `${c.transactionId}-${c.at}`}
        empty={<Trans>No calls yet</Trans>}
        page={page}
        onPage={setPage}
        columns={[
          { header: t`When`, cell: (c) => when(c.at) },
          { header: t`Call`, cell: (c) => actions[c.action] },
          { header: t`Transaction`, cell: (c) => c.transactionId },
          { header: t`Round`, cell: (c) => c.round ?? '' },
          {
            header: t`Amount`,
            cell: (c) =>
              c.fraction > 0
                ? t`${formatMoney(c.amount)} (and ${c.fraction} units below the cent)`
                : formatMoney(c.amount),
          },
          { header: t`State`, cell: (c) => states[c.state] },
          { header: t`Answered`, cell: (c) => c.status ?? '' },
        ]}
      />
      <div className="admin-actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </section>
  );
}
