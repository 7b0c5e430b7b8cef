import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Catches a statement sent through the store object by code running inside one of that store's
 * transactions (a repository built on `deps.store`, a helper given the store instead of the `tx`).
 * On SQLite it would wait for the transaction to end while the transaction waits for it: a hang
 * holding the whole store. On PostgreSQL it would run on another connection, outside the
 * transaction: stale reads, or locks that deadlock with the transaction's own. It throws instead.
 */
export const OUTER_STORE_IN_TRANSACTION =
  'A statement was sent through the store while the code sending it runs inside one of its transactions: ' +
  "use the transaction's session (the `tx` its work was given), or read before the transaction begins. " +
  'On SQLite it would wait for the transaction forever; on PostgreSQL it would run outside the transaction.';

/** One open outermost transaction, and the one the caller was already inside (of another store). */
interface OpenTransaction {
  readonly store: object;
  open: boolean;
  readonly enclosing: OpenTransaction | null;
}

const insideTransaction = new AsyncLocalStorage<OpenTransaction>();

/**
 * Whether a store checks: always on SQLite (it would hang otherwise, holding every other request);
 * on PostgreSQL, where the mistake does not hang, in development and tests only, so production
 * pays nothing for it.
 */
export function guardsOuterStatements(dialect: 'sqlite' | 'postgres'): boolean {
  return dialect === 'sqlite' || process.env.NODE_ENV !== 'production';
}

/** Runs a store's outermost transaction, remembering that its work runs inside it. */
export async function insideTransactionOf<T>(store: object, work: () => Promise<T>): Promise<T> {
  const transaction: OpenTransaction = { store, open: true, enclosing: insideTransaction.getStore() ?? null };
  try {
    return await insideTransaction.run(transaction, work);
  } finally {
    // a task its work started and left running may use the store once the transaction is over
    transaction.open = false;
  }
}

/** Throws when the caller runs inside an open transaction of `store`. */
export function refuseInsideTransactionOf(store: object): void {
  for (let t = insideTransaction.getStore(); t; t = t.enclosing ?? undefined) {
    if (t.store === store && t.open) throw new Error(OUTER_STORE_IN_TRANSACTION);
  }
}
