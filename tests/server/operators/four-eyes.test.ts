// Issue 16, decision 0024: four-eyes commands. A withdrawal above the site's threshold and a ban wait for a
// second, different operator; the maker cannot approve; approving twice (or at once) applies once; a
// rejected command changes nothing; an approved withdrawal whose funds moved meanwhile fails cleanly.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemAccount, userAccount } from '../../../server/modules/ledger/service';
import { moveMoney } from '../../../server/modules/wallet/service';
import { quickUser, type TeamUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import {
  deposit,
  expectLedgerSound,
  money,
  newUser,
  secondary,
  type WalletUser,
  withdrawalInReview,
} from '../wallet/helpers';
import { makeOperator } from './helpers';

const server = serverForSuite({ demoSeed: true });
let maker: TeamUser;
let checker: TeamUser;
let third: TeamUser;
let editor: TeamUser;
beforeAll(async () => {
  // A threshold of 200.00 on every site: the withdrawals above it below are of 250.00.
  await server.db.updateTable('sites').set({ review_threshold: 20_000 }).execute();
  maker = await quickUser(server);
  checker = await quickUser(server);
  third = await quickUser(server);
  editor = await quickUser(server);
  await makeOperator(server, maker, [{ role: 'payments_reviewer', siteId: null }]);
  await makeOperator(server, checker, [{ role: 'payments_reviewer', siteId: null }]);
  await makeOperator(server, third, [{ role: 'administrator', siteId: null }]);
  await makeOperator(server, editor, [{ role: 'content_editor', siteId: null }]);
});

let player: WalletUser;
const withdrawal = (amount: number): Promise<number> => withdrawalInReview(server, player, amount);
beforeEach(async () => {
  player = await newUser(server);
  await deposit(server, player, 400);
});

const stateOf = async (id: number) =>
  (await server.db.selectFrom('withdrawals').select('state').where('id', '=', id).executeTakeFirstOrThrow())
    .state;
const approveCommand = (id: number, who: TeamUser) =>
  server.post('/admin/commands/approve', { id }, who.token);
const auditActions = async (resource: string, recordId: number) =>
  (
    await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource', '=', resource)
      .where('record_id', '=', String(recordId))
      .orderBy('id')
      .execute()
  ).map((r) => r.action);

describe('a withdrawal above the threshold', () => {
  it('waits for a second operator: the maker cannot approve, another can, and it applies once', async () => {
    const id = await withdrawal(250);
    const asked = await money(server, '/admin/withdrawals/approve', { id }, maker.token);
    expect(asked.data).toMatchObject({
      id,
      state: 'WaitReview',
      secondApproval: { commandId: expect.any(Number) },
    });
    const commandId = asked.data.secondApproval.commandId;
    const waiting = { commandId, approvedBy: { uid: maker.uid }, approvedAt: expect.any(Number) };
    expect(asked.data.secondApproval).toEqual(waiting);
    // Asking again proposes nothing new.
    expect(
      (await money(server, '/admin/withdrawals/approve', { id }, maker.token)).data.secondApproval,
    ).toEqual(waiting);
    expect(await stateOf(id)).toBe('WaitReview');
    // The queue says it waits for a second operator, and who approved first (issue 31, item 14), to everyone.
    for (const reader of [maker, checker]) {
      const listed = await server.post('/admin/withdrawals/list', { number: 0, size: 50 }, reader.token);
      const row = listed.data.content.find((w: { id: number }) => w.id === id);
      expect(row.secondApproval).toEqual(waiting);
    }

    const own = await approveCommand(commandId, maker);
    expect(own.http).toBe(403);
    expect(own.data).toEqual({ code: 'maker_cannot_approve' });
    expect(await stateOf(id)).toBe('WaitReview');

    const approved = await approveCommand(commandId, checker);
    expect(approved.data).toMatchObject({
      id: commandId,
      kind: 'withdrawal_approve',
      state: 'approved',
      maker: { uid: maker.uid },
      checker: { uid: checker.uid },
      payload: { id, amount: 250 },
    });
    expect(await stateOf(id)).toBe('WaitExec');
    const after = await server.post('/admin/withdrawals/list', { number: 0, size: 50 }, checker.token);
    expect(after.data.content.find((w: { id: number }) => w.id === id).secondApproval).toBeNull();
    // Approved again, by the same checker or a third operator: the same answer, nothing applied twice.
    expect((await approveCommand(commandId, checker)).data).toEqual(approved.data);
    expect((await approveCommand(commandId, third)).data).toEqual(approved.data);
    expect(await auditActions('withdrawal', id)).toEqual(['withdrawal.approve']);
    expect(await auditActions('command', commandId)).toEqual([
      'command.propose.withdrawal_approve',
      'command.approve.withdrawal_approve',
    ]);
  });

  it('applies once when several operators approve at the same moment', async () => {
    const id = await withdrawal(250);
    const { commandId } = (await money(server, '/admin/withdrawals/approve', { id }, maker.token)).data
      .secondApproval;
    const answers = await Promise.all(
      [checker, third, checker, third].map((who) => approveCommand(commandId, who)),
    );
    expect(answers.map((a) => a.data.state)).toEqual(['approved', 'approved', 'approved', 'approved']);
    expect(await stateOf(id)).toBe('WaitExec');
    expect(await auditActions('withdrawal', id)).toEqual(['withdrawal.approve']);
  });

  it('rejected: nothing changes, and it cannot be approved afterwards', async () => {
    const id = await withdrawal(250);
    const before = await secondary(server, player);
    const { commandId } = (await money(server, '/admin/withdrawals/approve', { id }, maker.token)).data
      .secondApproval;
    const noReason = await server.post(
      '/admin/commands/reject',
      { id: commandId, reason: ' ' },
      checker.token,
    );
    expect(noReason.data.issues[0]).toMatchObject({ path: 'reason', code: 'required' });
    const rejected = await server.post(
      '/admin/commands/reject',
      { id: commandId, reason: 'call the player first' },
      checker.token,
    );
    expect(rejected.data).toMatchObject({
      state: 'rejected',
      reason: 'call the player first',
      checker: { uid: checker.uid },
    });
    expect(await stateOf(id)).toBe('WaitReview');
    expect(await secondary(server, player)).toEqual(before);
    const late = await approveCommand(commandId, third);
    expect(late.http).toBe(409);
    expect(late.data).toEqual({ code: 'command_decided' });
    expect(await stateOf(id)).toBe('WaitReview');
    // A new proposal is a new command.
    const again = await money(server, '/admin/withdrawals/approve', { id }, maker.token);
    expect(again.data.secondApproval.commandId).not.toBe(commandId);
  });

  it('fails cleanly when the withdrawal was rejected meanwhile: the command ends failed, nothing moves', async () => {
    const id = await withdrawal(250);
    const { commandId } = (await money(server, '/admin/withdrawals/approve', { id }, maker.token)).data
      .secondApproval;
    expect(
      (await money(server, '/admin/withdrawals/reject', { id, reason: 'duplicate' }, third.token)).status,
    ).toBe(200);
    const after = await secondary(server, player);
    const approved = await approveCommand(commandId, checker);
    expect(approved.data).toMatchObject({
      state: 'failed',
      failure: 'state_changed',
      checker: { uid: checker.uid },
    });
    expect(await stateOf(id)).toBe('Fail');
    expect(await secondary(server, player)).toEqual(after);
    await expectLedgerSound(server);
  });

  it('fails cleanly when the held funds are gone: checked again as it executes', async () => {
    const id = await withdrawal(250);
    const { commandId } = (await money(server, '/admin/withdrawals/approve', { id }, maker.token)).data
      .secondApproval;
    // The held funds leave the locked account by another way (a correction, say).
    await server.db.transaction().execute((trx) =>
      moveMoney(trx, {
        type: 'adjustment',
        userId: player.id,
        ref: null,
        from: userAccount(player.id, 'locked'),
        to: systemAccount('withdrawals'),
        minor: 20_000,
        now: server.clock.now(),
      }),
    );
    const approved = await approveCommand(commandId, checker);
    expect(approved.data).toMatchObject({ state: 'failed', failure: 'funds_not_held' });
    expect(await stateOf(id)).toBe('WaitReview');
    expect(await auditActions('withdrawal', id)).toEqual([]);
  });

  it('is decided only by operators who may write withdrawals', async () => {
    const id = await withdrawal(250);
    const { commandId } = (await money(server, '/admin/withdrawals/approve', { id }, maker.token)).data
      .secondApproval;
    const byEditor = await approveCommand(commandId, editor);
    expect(byEditor.http).toBe(403);
    expect(byEditor.data).toEqual({ code: 'permission_denied' });
    expect(
      (await server.post('/admin/commands/reject', { id: commandId, reason: 'no' }, editor.token)).http,
    ).toBe(403);
    expect((await approveCommand(999_999, checker)).data).toEqual({ code: 'command_not_found' });
    expect((await server.post('/admin/commands/approve', { id: 'x' }, checker.token)).http).toBe(400);
    expect(await stateOf(id)).toBe('WaitReview');
  });

  it('below the threshold approves at once', async () => {
    const id = await withdrawal(150);
    const res = await money(server, '/admin/withdrawals/approve', { id }, maker.token);
    expect(res.data).toMatchObject({ id, state: 'WaitExec' });
    expect(res.data.secondApproval).toBeUndefined();
  });
});

describe('a ban', () => {
  it('is proposed, then applied by a second operator: the user is refused from then on', async () => {
    const target = await quickUser(server);
    const admin = await quickUser(server);
    await makeOperator(server, admin);
    const proposed = await server.post(
      '/admin/users/ban',
      { uid: target.uid, reason: 'chargebacks' },
      admin.token,
    );
    const { commandId } = proposed.data;
    expect((await server.post('/user/info', {}, target.token)).status).toBe(200);
    expect((await approveCommand(commandId, admin)).data).toEqual({ code: 'maker_cannot_approve' });
    expect((await approveCommand(commandId, third)).data).toMatchObject({
      state: 'approved',
      kind: 'user_ban',
    });
    const refused = await server.post('/user/info', {}, target.token);
    expect(refused.status).toBe(999);
    expect(await auditActions('user', target.uid)).toEqual(['user.ban']);
    const unban = await server.post(
      '/admin/users/unban',
      { uid: target.uid, reason: 'cleared' },
      third.token,
    );
    expect(unban.data).toEqual({ uid: target.uid, banned: false });
    expect((await server.post('/user/info', {}, target.token)).status).toBe(200);
  });

  it('validates its input and needs user rights', async () => {
    const admin = await quickUser(server);
    await makeOperator(server, admin);
    expect((await server.post('/admin/users/ban', { uid: 1 }, admin.token)).data.issues[0]).toMatchObject({
      path: 'reason',
      code: 'required',
    });
    expect(
      (await server.post('/admin/users/ban', { uid: 1, reason: 'x'.repeat(501) }, admin.token)).data.issues[0]
        .code,
    ).toBe('too_long');
    expect((await server.post('/admin/users/ban', { uid: 1, reason: 'x' }, admin.token)).data).toEqual({
      code: 'user_not_found',
    });
    expect(
      (await server.post('/admin/users/ban', { uid: third.uid, reason: 'x' }, checker.token)).data,
    ).toEqual({
      code: 'permission_denied',
    });
  });
});

describe("a ratio change above the site's limit", () => {
  it('applies a small change at once and waits for a second operator on a large one', async () => {
    const agent = await quickUser(server, { job: 1, ratios: { slots: 3 } });
    const small = await server.post(
      '/admin/agent/ratios',
      { uid: agent.uid, ratios: [{ channel: 'slots', rate: 4 }] },
      third.token,
    );
    expect(small.data.secondApproval).toBeNull();
    const slots = (r: { ratios: { channel: string; next?: { rate: number } }[] }) =>
      r.ratios.find((x) => x.channel === 'slots')?.next?.rate;
    expect(slots(small.data)).toBe(4);

    const large = await server.post(
      '/admin/agent/ratios',
      { uid: agent.uid, ratios: [{ channel: 'slots', rate: 20 }] },
      third.token,
    );
    const { commandId } = large.data.secondApproval;
    expect(slots(large.data)).toBe(4);
    expect((await approveCommand(commandId, third)).data).toEqual({ code: 'maker_cannot_approve' });
    // A payments reviewer may not write users: not theirs to approve.
    expect((await approveCommand(commandId, checker)).data).toEqual({ code: 'permission_denied' });
    const admin = await quickUser(server);
    await makeOperator(server, admin);
    expect((await approveCommand(commandId, admin)).data).toMatchObject({
      state: 'approved',
      kind: 'ratio_change',
    });
    const after = await server.post(
      '/admin/agent/ratios',
      { uid: agent.uid, ratios: [{ channel: 'slots', rate: 20 }] },
      admin.token,
    );
    expect([slots(after.data), after.data.secondApproval]).toEqual([20, null]);
    expect(await auditActions('user', agent.uid)).toEqual(['user.ratios', 'user.ratios', 'user.ratios']);
  });
});

describe("a change of an operator's grants", () => {
  it('is always four-eyes, between administrators of every site', async () => {
    const newcomer = await quickUser(server);
    const admin = await quickUser(server);
    await makeOperator(server, admin);
    const sites = (await server.db.selectFrom('sites').select('id').orderBy('id').execute()).map((r) =>
      Number(r.id),
    );
    const siteAdmin = await quickUser(server);
    await makeOperator(server, siteAdmin, [{ role: 'administrator', siteId: sites[0] as number }]);
    const grants = [{ role: 'content_editor', siteId: sites[0] }];

    expect(
      (await server.post('/admin/operators/grants', { uid: newcomer.uid, grants }, siteAdmin.token)).data,
    ).toEqual({
      code: 'permission_denied',
    });
    expect(
      (await server.post('/admin/operators/grants', { uid: newcomer.uid, grants }, checker.token)).data,
    ).toEqual({
      code: 'permission_denied',
    });
    const bad = await server.post(
      '/admin/operators/grants',
      { uid: newcomer.uid, grants: [{ role: 'owner', siteId: null }] },
      admin.token,
    );
    expect(bad.data.issues[0]).toMatchObject({ path: 'grants.0.role', code: 'invalid_type' });
    const noSite = await server.post(
      '/admin/operators/grants',
      { uid: newcomer.uid, grants: [{ role: 'viewer', siteId: 999 }] },
      admin.token,
    );
    expect(noSite.data.issues[0]).toMatchObject({ path: 'grants.0.siteId', code: 'site_not_found' });

    const { commandId } = (
      await server.post('/admin/operators/grants', { uid: newcomer.uid, grants }, admin.token)
    ).data;
    expect((await server.post('/admin/session/totp/enrol', {}, newcomer.token)).data).toEqual({
      code: 'operator_only',
    });
    expect((await approveCommand(commandId, admin)).data).toEqual({ code: 'maker_cannot_approve' });
    expect((await approveCommand(commandId, siteAdmin)).data).toEqual({ code: 'permission_denied' });
    expect((await approveCommand(commandId, third)).data).toMatchObject({
      state: 'approved',
      kind: 'operator_grants',
    });

    // Now an operator, who enrols an authenticator before anything else.
    const res = await fetch(`${server.url}/api/admin/session`, {
      headers: { authorization: `Bearer ${newcomer.token}` },
    });
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({
      secondFactor: 'enrol',
      grants: [{ role: 'content_editor', site: { id: sites[0] } }],
    });
    const listed = (await server.post('/admin/operators', {}, third.token)).data.content;
    expect(listed).toContainEqual(
      expect.objectContaining({
        uid: newcomer.uid,
        authenticator: false,
        phone: expect.stringMatching(/^\+63 917\*+\d\d$/),
      }),
    );
    expect((await server.post('/admin/operators', {}, siteAdmin.token)).data).toEqual({
      code: 'permission_denied',
    });
    expect(await auditActions('operator', newcomer.uid)).toEqual(['operator.grants']);
  });
});
