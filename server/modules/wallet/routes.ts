import type { FastifyInstance } from 'fastify';
import { userInfoCall } from '#contract/user';
import {
  cardsDeleteCall,
  cardsListCall,
  cardsSaveCall,
  levelDataCall,
  recordsCall,
  safeChangePasswordCall,
  safeDepositCall,
  safeInfoCall,
  safeSetPasswordCall,
  safeWithdrawCall,
  secondaryInfoCall,
  transferCall,
  withdrawCreateCall,
  withdrawDetailCall,
  withdrawListCall,
} from '#contract/wallet';
import type { AppContext } from '../../context';
import { idempotentCall, type MoneyCallContext, type MoneyWork } from '../../http/idempotency';
import { serve } from '../../http/serve';
import { answerLocale } from '../content/service';
import * as service from './service';

/** What the wallet's calls need of other modules, given by the registry (so the wallet imports none). */
export interface WalletDeps {
  /** Unpaid deposits past their expiry turn Fail (payments): records then show them as Fail too. */
  expireOverdueDeposits: () => Promise<unknown>;
}

export function walletRoutes(app: FastifyInstance, ctx: AppContext, deps: WalletDeps): void {
  /** idempotentCall of a call that takes the safe password: the password never goes into a stored hash. */
  const withPassword = <T>(
    call: MoneyCallContext & { input: { safePassword: string } },
    route: string,
    work: MoneyWork<T>,
  ) => idempotentCall(ctx, call, route, work, { ...call.input, safePassword: undefined });

  // ---- account
  serve(app, ctx, userInfoCall, ({ auth }) => service.userInfo(ctx, auth));
  serve(app, ctx, secondaryInfoCall, ({ auth, request, reply }) =>
    service.secondaryInfo(ctx, auth, answerLocale(request, reply, auth.user.locale)),
  );
  serve(app, ctx, levelDataCall, ({ auth }) => service.levelData(ctx, auth));

  // ---- withdrawal methods
  serve(app, ctx, cardsListCall, ({ auth }) => service.listMethods(ctx, auth));
  serve(app, ctx, cardsSaveCall, ({ auth, input, request }) => service.saveMethod(ctx, auth, input, request));
  serve(app, ctx, cardsDeleteCall, ({ auth, input }) => service.deleteMethod(ctx, auth, input.id));

  // ---- withdrawals (the stored route names of idempotentCall are part of every stored key's hash)
  serve(app, ctx, withdrawCreateCall, (call) =>
    withPassword(call, 'withdraw/create', service.withdraw(ctx, call.auth, call.input, call.request)),
  );
  serve(app, ctx, withdrawListCall, ({ auth, input }) => service.listWithdrawals(ctx, auth, input));
  serve(app, ctx, withdrawDetailCall, ({ auth, input }) => service.withdrawalDetail(ctx, auth, input.id));

  // ---- safe
  serve(app, ctx, safeInfoCall, ({ auth }) => service.safeInfo(ctx, auth));
  serve(app, ctx, safeSetPasswordCall, ({ auth, input }) =>
    service.setSafePassword(ctx, auth, input.password),
  );
  serve(app, ctx, safeChangePasswordCall, ({ auth, input }) =>
    service.changeSafePassword(ctx, auth, input.oldPassword, input.password),
  );
  serve(app, ctx, safeDepositCall, (call) =>
    idempotentCall(ctx, call, 'safe/deposit', service.safeDeposit(ctx, call.auth, call.input.amount)),
  );
  serve(app, ctx, safeWithdrawCall, (call) =>
    withPassword(call, 'safe/withdraw', service.safeWithdraw(ctx, call.auth, call.input)),
  );

  // ---- transfers
  serve(app, ctx, transferCall, (call) =>
    withPassword(call, 'transfer', service.transfer(ctx, call.auth, call.input, call.request)),
  );

  // ---- records
  serve(app, ctx, recordsCall, async ({ auth, input, request, reply }) => {
    await deps.expireOverdueDeposits();
    return service.records(ctx, auth, input, answerLocale(request, reply, auth.user.locale));
  });
}
