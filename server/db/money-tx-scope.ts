import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * Where code runs inside a money transaction's `fn` (server/modules/ledger/service.ts, withMoneyTx), and
 * with which handle. `fn` must use only that handle: on SQLite the transaction holds the app's one
 * connection, so a query through the app's handle waits for it forever, and every request after it too
 * (a seamless win once did so when the games catalogue's cache expired mid-call: the whole e2e suite timed
 * out behind it). The app's handles refuse such a query at once instead, with where it came from.
 */

interface Scope {
  handle: object;
  open: boolean;
}

const scope = new AsyncLocalStorage<Scope>();

/** Runs `fn` as a money transaction's body on `handle`; work it leaves running afterwards is not inside. */
export async function inMoneyTx<T>(handle: object, fn: () => Promise<T>): Promise<T> {
  const current: Scope = { handle, open: true };
  try {
    return await scope.run(current, fn);
  } finally {
    current.open = false;
  }
}

export class AppHandleInMoneyTx extends Error {
  constructor(what: string) {
    super(`${what} inside a money transaction: use its trx (the transaction holds the connection)`);
    this.name = 'AppHandleInMoneyTx';
  }
}

/** Throws when called from a money transaction's body through any handle but its own. */
export function assertNotInMoneyTx(what: string, handle?: object): void {
  const current = scope.getStore();
  if (current?.open && current.handle !== handle) throw new AppHandleInMoneyTx(what);
}
