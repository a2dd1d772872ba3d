import { randomBytes } from 'node:crypto';
import { Status } from '#contract/envelope';
import { toMoney } from '#contract/wallet';
import type { AppContext } from '../../context';
import type { Db } from '../../db/create-db';
import { ApiError, codedError, conflict, fieldError, serviceUnavailable } from '../../http/envelope';
import type { MoneyWork } from '../../http/idempotency';
import {
  accountBalance,
  balancesOf,
  channelAccount,
  ensureUserAccounts,
  gameChannels,
  post,
  reverse,
  userAccount,
  withMoneyTx,
} from '../ledger/service';
import { assertMoveInAllowed } from '../protection/service';
import { providerSource, pullNow } from './puller';
import * as repo from './repository';
import * as client from './transfer-client';
import * as trepo from './transfer-repository';

/*
 * The transfer wallet (docs/games-protocol.md): the player moves money from the main balance into a
 * transfer provider's wallet (its channel) and back. Beacon's side of each move is a row of
 * game_transfers, sent to the provider under its `ref`, which the provider applies at most once.
 *
 * In: the main -> channel posting commits with the pending row, before the provider is asked, so the
 * money can never be spent twice; a refusal reverses it. Out: nothing moves until the provider has paid
 * out; then channel -> main. An answer that is lost leaves the row pending, and the provider's `status`
 * settles it before anything else happens on that channel (resolvePending): applied -> completed here,
 * refused or unknown (which closes the id at the provider) -> undone here. Money is never lost or doubled.
 */

export type TransferDirection = 'in' | 'out';
type TransferState = trepo.TransferRow['state'];

export const playerIdOf = (userId: number): string => String(userId);
const newRef = (): string => `bt-${randomBytes(16).toString('hex')}`;

/** Refs whose deposit or withdraw is on the wire from this process: their answer is still to come. */
const inFlight = new Set<string>();

/**
 * The transfer provider whose wallet is this (enabled) channel. Money goes in only to an enabled one; a
 * provider an operator switched off still answers its balance and lets money out (`leaving`), so that
 * players' money is never stranded in its wallet.
 */
export async function transferProvider(
  ctx: AppContext,
  channel: string,
  leaving = false,
): Promise<repo.ProviderRow> {
  const open = (await gameChannels(ctx.db)).some((c) => c.code === channel && c.enabled);
  const provider = open ? await trepo.findTransferProviderByChannel(ctx.db, channel, leaving) : undefined;
  if (!provider) throw fieldError('channel', 'channel_not_found');
  return provider;
}

const isInsufficientFunds = (err: unknown): boolean =>
  err instanceof ApiError && err.data?.issues?.[0]?.code === 'insufficient_funds';

/** Every movement of one player's money is serialised on their main account (as the seamless wallet's). */
const lockPlayer = (trx: Db, userId: number) =>
  accountBalance(trx, userAccount(userId, 'main'), { lock: true });

/** The provider applied it: mark it applied, and for a transfer out move the money to the main balance. */
async function complete(ctx: AppContext, provider: repo.ProviderRow, t: trepo.TransferRow): Promise<void> {
  const attempt = () =>
    withMoneyTx(ctx.db, async (trx) => {
      const now = ctx.clock.now();
      await lockPlayer(trx, t.user_id);
      if (!(await trepo.finishTransfer(trx, t.id, 'applied', t.ledger_transaction_id, now))) return;
      if (t.direction === 'in') return;
      const posted = await post(trx, {
        type: 'game_transfer_out',
        userId: t.user_id,
        ref: t.ref,
        legs: [
          { account: channelAccount(t.user_id, provider.channel_code as string), amount: -t.amount },
          { account: userAccount(t.user_id, 'main'), amount: t.amount },
        ],
        now,
        external: { source: providerSource(provider.code), ref: t.ref },
      });
      await trepo.setTransferLedger(trx, t.id, posted.transactionId);
    });
  try {
    await attempt();
  } catch (err) {
    if (!isInsufficientFunds(err)) throw err;
    // The provider paid out against wins not pulled yet: pull them, then post.
    await pullNow(ctx, provider.code);
    try {
      await attempt();
    } catch (again) {
      if (!isInsufficientFunds(again)) throw again;
      ctx.log.warn(
        { provider: provider.code, transfer: t.id },
        'transfer out applied, channel short: left pending',
      );
    }
  }
}

/** The provider did not apply it (and never will): mark it failed, and give a transfer in's money back. */
async function undo(ctx: AppContext, t: trepo.TransferRow): Promise<void> {
  await withMoneyTx(ctx.db, async (trx) => {
    const now = ctx.clock.now();
    await lockPlayer(trx, t.user_id);
    if (!(await trepo.finishTransfer(trx, t.id, 'failed', t.ledger_transaction_id, now))) return;
    if (t.direction === 'in' && t.ledger_transaction_id !== null)
      await reverse(trx, t.ledger_transaction_id, { type: 'game_transfer_in_undone', now });
  });
}

async function stateOf(db: Db, id: number): Promise<TransferState> {
  const row = await trepo.findTransfer(db, id);
  if (!row) throw new Error(`game transfer ${id} vanished`);
  return row.state;
}

/** Asks the provider what became of a pending transfer and settles Beacon's side to match. */
async function resolveOne(
  ctx: AppContext,
  provider: repo.ProviderRow,
  t: trepo.TransferRow,
): Promise<TransferState> {
  const answer = await client.transferStatus(ctx, provider, t.ref);
  if (answer.kind === 'refused')
    ctx.log.warn(
      { provider: provider.code, transfer: t.id, status: answer.status },
      'transfer status refused',
    );
  if (answer.kind !== 'answer') return 'pending';
  if (answer.body.state === 'applied') await complete(ctx, provider, t);
  else await undo(ctx, t);
  const state = await stateOf(ctx.db, t.id);
  ctx.log.info(
    { provider: provider.code, transfer: t.id, said: answer.body.state, state },
    'pending transfer resolved',
  );
  return state;
}

/**
 * Settles every pending transfer of this player with this provider first (the provider's `status`);
 * 409 channel_pending while one cannot be settled yet (its answer is still on the way, or the provider
 * cannot be reached). Called before every transfer, balance and launch on the channel.
 */
export async function resolvePending(
  ctx: AppContext,
  userId: number,
  provider: repo.ProviderRow,
): Promise<void> {
  let unresolved = 0;
  for (const t of await trepo.pendingTransfers(ctx.db, userId, provider.code))
    if (inFlight.has(t.ref) || (await resolveOne(ctx, provider, t)) === 'pending') unresolved++;
  if (unresolved > 0) throw conflict('channel_pending');
}

/**
 * The sweeper's turn (the games worker): pending transfers older than `olderThanMs`, whose call has ended
 * whichever process made it (a crash between the posting and the provider's answer leaves one).
 */
export async function resolveStalePending(ctx: AppContext, olderThanMs: number): Promise<number> {
  let resolved = 0;
  for (const t of await trepo.stalePendingTransfers(ctx.db, ctx.clock.now() - olderThanMs, 50)) {
    if (inFlight.has(t.ref)) continue;
    const provider = await repo.findProvider(ctx.db, t.provider_code);
    if (provider && (await resolveOne(ctx, provider, t)) !== 'pending') resolved++;
  }
  return resolved;
}

/** Opens the move in the idempotent call's money transaction: the pending row (and for `in` its posting). */
async function openTransfer(
  trx: Db,
  ctx: AppContext,
  userId: number,
  provider: repo.ProviderRow,
  direction: TransferDirection,
  amount: number,
): Promise<number> {
  const now = ctx.clock.now();
  const channel = channelAccount(userId, provider.channel_code as string);
  await lockPlayer(trx, userId);
  // Checked again under the lock: a concurrent move of this player may have opened one meanwhile.
  if ((await trepo.pendingTransfers(trx, userId, provider.code)).length > 0)
    throw conflict('channel_pending');
  const ref = newRef();
  let ledgerTransactionId: number | null = null;
  if (direction === 'in') {
    const posted = await post(trx, {
      type: 'game_transfer_in',
      userId,
      ref,
      legs: [
        { account: userAccount(userId, 'main'), amount: -amount },
        { account: channel, amount },
      ],
      now,
      external: { source: providerSource(provider.code), ref },
    });
    ledgerTransactionId = posted.transactionId;
  } else if ((await accountBalance(trx, channel)) < amount) {
    throw fieldError('amount', 'insufficient_funds');
  }
  return trepo.insertTransfer(trx, {
    user_id: userId,
    provider_code: provider.code,
    direction,
    amount,
    ref,
    state: 'pending',
    ledger_transaction_id: ledgerTransactionId,
    created_at: now,
    resolved_at: null,
  });
}

/** Sends the move and settles Beacon's side on a definitive answer; answers the provider's balance. */
async function sendMove(
  ctx: AppContext,
  provider: repo.ProviderRow,
  t: trepo.TransferRow,
): Promise<number | undefined> {
  inFlight.add(t.ref);
  try {
    const answer = await client.moveMoney(ctx, provider, t.direction === 'in' ? 'deposit' : 'withdraw', {
      playerId: playerIdOf(t.user_id),
      transactionId: t.ref,
      amount: t.amount,
    });
    if (answer.kind === 'answer') {
      await complete(ctx, provider, t);
      return answer.body.balance;
    }
    // DUPLICATE_TRANSACTION says the id is known there (or was closed by a status call): only `status`
    // tells which, so it stays pending like a lost answer.
    if (answer.kind === 'refused' && answer.status !== 'DUPLICATE_TRANSACTION') {
      ctx.log.info({ provider: provider.code, transfer: t.id, status: answer.status }, 'transfer refused');
      await undo(ctx, t);
    }
    return undefined;
  } finally {
    inFlight.delete(t.ref);
  }
}

export interface ChannelTransferAnswer {
  state: 'applied' | 'pending';
  canWithdrawCoin: number;
  channelBalance: number;
}

/**
 * A transfer in or out as the app asks it, in two parts: `work` for idempotentCall (checks, then the
 * pending row in the key's transaction, answering the row's id, which is what a replay of the key gets),
 * and `finish`, which sends the move (first call) or settles a still-pending one (replay) and answers.
 * The answer's balances are the ones at answer time: on a replay, the state is the first call's.
 */
export function channelTransfer(
  ctx: AppContext,
  userId: number,
  provider: repo.ProviderRow,
  direction: TransferDirection,
  amount: number,
): {
  work: MoneyWork<{ transferId: number }>;
  finish(opened: { transferId: number }): Promise<ChannelTransferAnswer>;
} {
  let opened = false;
  return {
    work: {
      before: async () => {
        await ensureUserAccounts(ctx.db, userId, ctx.clock.now());
        await resolvePending(ctx, userId, provider);
        if (direction === 'out') await pullNow(ctx, provider.code);
      },
      run: async (trx) => {
        // Money into a game is a bet's first step: refused during a time-out or self-exclusion (decision 0021).
        if (direction === 'in') await assertMoveInAllowed(trx, userId, ctx.clock.now());
        const transferId = await openTransfer(trx, ctx, userId, provider, direction, amount);
        opened = true;
        return { transferId };
      },
    },
    async finish({ transferId }) {
      const t = await trepo.findTransfer(ctx.db, transferId);
      if (!t || t.user_id !== userId) throw new Error(`game transfer ${transferId} is not this user's`);
      let providerBalanceAfter: number | undefined;
      if (opened) providerBalanceAfter = await sendMove(ctx, provider, t);
      else if (t.state === 'pending' && !inFlight.has(t.ref)) await resolveOne(ctx, provider, t);
      const state = await stateOf(ctx.db, t.id);
      if (state === 'failed') throw codedError(422, Status.unprocessable, 'channel_refused');
      const balances = await balancesOf(ctx.db, userId);
      const channelLedger = balances.channels.find((c) => c.code === provider.channel_code)?.balance ?? 0;
      return {
        state: state === 'applied' ? 'applied' : 'pending',
        canWithdrawCoin: toMoney(balances.main),
        channelBalance: toMoney(providerBalanceAfter ?? channelLedger),
      };
    },
  };
}

/** The channel's balance as its provider has it, once nothing is pending there. */
export async function channelBalance(
  ctx: AppContext,
  userId: number,
  channel: string,
): Promise<{ channel: string; balance: number }> {
  const provider = await transferProvider(ctx, channel, true);
  await resolvePending(ctx, userId, provider);
  const answer = await client.providerBalance(ctx, provider, playerIdOf(userId));
  if (answer.kind !== 'answer' || answer.body.balance === undefined)
    throw serviceUnavailable('channel_unavailable');
  return { channel, balance: toMoney(answer.body.balance) };
}

/** A transfer provider's game page for this player (its `launch`), once nothing is pending there. */
export async function launchTransferGame(
  ctx: AppContext,
  userId: number,
  provider: repo.ProviderRow,
  game: { code: string },
  lang: string,
): Promise<string> {
  await resolvePending(ctx, userId, provider);
  const answer = await client.launchUrl(ctx, provider, {
    playerId: playerIdOf(userId),
    gameCode: game.code,
    lang,
  });
  if (answer.kind !== 'answer' || !answer.body.url) throw serviceUnavailable('channel_unavailable');
  return answer.body.url;
}

/**
 * A block's transfer out (decision 0042): `amount` from the channel back to the main balance, made as the
 * player's own would be (the pending row, the provider's withdraw, settled by its answer or by `status`), so
 * it moves at most once. Answers the row's state: `pending` while its answer is lost.
 */
export async function blockTransferOut(
  ctx: AppContext,
  userId: number,
  provider: repo.ProviderRow,
  amount: number,
): Promise<TransferState> {
  const id = await withMoneyTx(ctx.db, (trx) => openTransfer(trx, ctx, userId, provider, 'out', amount));
  const t = await trepo.findTransfer(ctx.db, id);
  if (!t) throw new Error(`game transfer ${id} vanished`);
  await sendMove(ctx, provider, t);
  return stateOf(ctx.db, id);
}
