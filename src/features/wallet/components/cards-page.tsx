import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { bankName } from '#contract/banks';
import type { WithdrawMethod } from '#contract/wallet';
import { toast } from '#lib/toast';
import { Dialog } from '#ui/dialog';
import { EmptyState } from '#ui/empty-state';
import { Page } from '#ui/page';
import { SkeletonRows } from '#ui/skeleton';
import { useDeleteMethodMutation } from '../wallet.mutations';
import { walletQueries } from '../wallet.queries';

export function MethodLabel({ method }: { method: WithdrawMethod }) {
  const { t } = useLingui();
  return (
    <span className="wallet-method__text">
      <span className="wallet-method__name">
        {method.kind === 'bank' ? bankName(method.bank) : method.walletType}{' '}
        <span className="tabular">
          {method.kind === 'bank' ? method.cardNumberMasked : method.accountMasked}
        </span>
      </span>
      <span className="wallet-method__sub">
        {method.kind === 'bank' ? t`Bank card` : t`E-wallet`} · {method.holderName}
      </span>
    </span>
  );
}

/** The withdrawal methods: list, edit, delete (after a confirmation), add. */
export function CardsPage() {
  const { t } = useLingui();
  const methods = useQuery(walletQueries.methods());
  const remove = useDeleteMethodMutation();
  const [deleting, setDeleting] = useState<WithdrawMethod | null>(null);

  return (
    <Page
      title={t`Cards and e-wallets`}
      bodyClassName="wallet-page"
      overlays={
        <Dialog
          open={deleting !== null}
          title={t`Delete this withdrawal method?`}
          onClose={() => setDeleting(null)}
          footer={
            <>
              <button type="button" className="button button--ghost" onClick={() => setDeleting(null)}>
                {t`Cancel`}
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={remove.isPending}
                onClick={() => {
                  if (!deleting) return;
                  remove.mutate(
                    { id: deleting.id },
                    {
                      onSuccess: () => {
                        toast.positive(t`Deleted`);
                        setDeleting(null);
                      },
                    },
                  );
                }}
              >
                {t`Delete`}
              </button>
            </>
          }
        >
          {deleting ? <MethodLabel method={deleting} /> : null}
        </Dialog>
      }
    >
      {methods.isPending ? (
        <SkeletonRows count={3} label={t`Loading`} />
      ) : !methods.data || methods.data.length === 0 ? (
        <EmptyState title={t`No withdrawal methods yet`} />
      ) : (
        <ul className="wallet-list" aria-label={t`Withdrawal methods`}>
          {methods.data.map((method) => (
            <li key={method.id} className="wallet-list__item">
              <MethodLabel method={method} />
              <span className="wallet-list__actions">
                <Link
                  to={method.kind === 'bank' ? '/AddCard/{-$id}' : '/AddZhiFuBao/{-$id}'}
                  params={{ id: method.id }}
                  className="button button--ghost button--small"
                >
                  {t`Edit`}
                </Link>
                <button
                  type="button"
                  className="button button--danger-outline button--small"
                  onClick={() => setDeleting(method)}
                >
                  {t`Delete`}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <AddMethodLinks />
    </Page>
  );
}

/**
 * The ways to add a withdrawal method: the cards page's own actions (bank card first), or `compact`
 * under the withdraw form's choice of method.
 */
export function AddMethodLinks({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui();
  const look = compact ? 'button--outline button--small' : 'button--outline';
  return (
    <div className="wallet-row">
      <Link to="/AddCard/{-$id}" params={{}} className={`button ${compact ? look : 'button--primary'}`}>
        {t`Add bank card`}
      </Link>
      <Link to="/AddZhiFuBao/{-$id}" params={{}} className={`button ${look}`}>
        {t`Add e-wallet`}
      </Link>
    </div>
  );
}
