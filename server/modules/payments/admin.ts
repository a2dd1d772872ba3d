import type { AdminDeposit } from '#contract/admin/deposit';
import type { DEPOSIT_STATES, MoneyListSort } from '#contract/console-states';
import type { Page } from '#contract/paging';
import { toMoney } from '#contract/wallet';
import type { AppContext } from '../../context';
import { offsetOf, pageOf } from '../../http/page';
import { maskPhone } from '../auth/service';
import { type Operator, visibleSites } from '../operators/service';
import { siteDomains } from '../site/service';
import * as repo from './repository';

/** The console's deposits (issue 16): read only, scoped to the operator's sites by the player's site. */
export async function adminDeposits(
  ctx: AppContext,
  operator: Operator,
  request: {
    state?: AdminDeposit['state'] | undefined;
    query: string;
    sort: MoneyListSort;
    number: number;
    size: number;
  },
): Promise<Page<AdminDeposit>> {
  const siteIds = visibleSites(operator, 'read', 'deposit');
  const [{ rows, total }, domains] = await Promise.all([
    repo.depositsForAdmin(
      ctx.db,
      { state: request.state, query: request.query, siteIds, sort: request.sort },
      offsetOf(request),
      request.size,
    ),
    siteDomains(ctx),
  ]);
  const content = rows.map(
    (r): AdminDeposit => ({
      orderNo: r.order_no,
      userUid: r.uid,
      phone: maskPhone(r.area_code, r.phone),
      site: r.site_id === null ? null : (domains.get(r.site_id) ?? null),
      amount: toMoney(r.amount),
      state: r.state as (typeof DEPOSIT_STATES)[number],
      provider: r.provider,
      providerRef: r.provider_ref,
      failReason: r.fail_reason,
      createdAt: r.created_at,
      completedAt: r.completed_at,
    }),
  );
  return pageOf(content, total, request.number, request.size);
}
