import { SERVER_MODULES } from '../../../server/modules/registry';
import type { TestServer } from '../harness';

/** How many uploads are stored (referenced or not). */
export const uploadsStored = async (server: TestServer): Promise<number> =>
  Number(
    (
      await server.db
        .selectFrom('media_uploads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The uploads module's worker as a server process starts it, on the test server (undefined: no such worker). */
export async function uploadsWorker(
  server: TestServer,
): Promise<{ runOnce(): Promise<number> } | null | undefined> {
  const module = SERVER_MODULES.find((m) => m.name === 'uploads');
  return (await module?.worker?.({ ctx: server.app.ctx, push: server.app.push })) as
    | { runOnce(): Promise<number> }
    | null
    | undefined;
}
