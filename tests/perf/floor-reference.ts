// The floor of a seamless callback on this machine, for the games benchmark (tests/perf/games.ts): a bare
// Fastify route on its own port that checks the provider's signature exactly as the platform does and then
// runs ONE statement (a balance update) on the same database, answering the same envelope. No session, no
// replay record, no round, no ledger. Whatever any wallet design does, a callback cannot cost less than this,
// so the figure tells what the budget asks of the machine rather than of the code.
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../server/db/create-db';
import { signatureProblem } from '../../server/modules/games/signing';

export async function startFloorServer(
  db: Db,
  secret: string,
  playerIds: string[],
): Promise<{ base: string; app: FastifyInstance }> {
  await sql`create table bench_floor_balances (player_id text primary key, balance bigint not null)`.execute(
    db,
  );
  for (const id of playerIds)
    await sql`insert into bench_floor_balances values (${id}, 1000000000)`.execute(db);
  const app = Fastify();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post<{ Params: { action: string }; Body: string }>('/api/games/seamless/:action', async (req) => {
    const header = (name: string) => req.headers[name] as string | undefined;
    if (
      signatureProblem(
        secret,
        header('x-beacon-timestamp'),
        header('x-beacon-signature'),
        req.body,
        Date.now(),
      )
    )
      return { status: 'INVALID_SIGNATURE' };
    const { playerId, amount } = JSON.parse(req.body) as { playerId: string; amount: number };
    const delta = req.params.action === 'bet' ? -amount : amount;
    const { rows } = await sql<{ balance: number | string }>`
      update bench_floor_balances set balance = balance + ${delta}
      where player_id = ${playerId} returning balance`.execute(db);
    return { status: 'OK', balance: Number(rows[0]?.balance ?? 0) };
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { base, app };
}
