import type { FastifyInstance } from 'fastify';
import { channelBalanceCall, channelTransferCall } from '#contract/games';
import { toMinor } from '#contract/wallet';
import type { AppContext } from '../../context';
import { idempotentCall } from '../../http/idempotency';
import { serve } from '../../http/serve';
import * as transfers from './transfers';

/** The app's transfer-channel calls: move money in or out (exactly once per Idempotency-Key), the balance. */
export function transferRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, channelTransferCall, async (call) => {
    const { channel, direction, amount } = call.input;
    const provider = await transfers.transferProvider(ctx, channel, direction === 'out');
    const move = transfers.channelTransfer(ctx, call.auth.user.id, provider, direction, toMinor(amount));
    // The stored route name is part of every stored key's hash: keep it if the path moves.
    return move.finish(await idempotentCall(ctx, call, 'games/transfer', move.work));
  });
  serve(app, ctx, channelBalanceCall, ({ auth, input }) =>
    transfers.channelBalance(ctx, auth.user.id, input.channel),
  );
}
