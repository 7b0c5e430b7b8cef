import { serverMessages } from '../messages.ts';
import type { StoreSession } from './store.ts';

/**
 * The mark `npm run move-to-postgres` leaves in the database it moves a store into: a row of
 * counters, committed before the copy's transaction begins, which that transaction's TRUNCATE of
 * every table takes away as it commits. A move that does not land (a bad row, the connection
 * lost, Ctrl-C) rolls its copy back and leaves the mark, so the database is known as one a shop
 * was being moved into rather than a new install: a server that finds it empty (one that waited
 * behind the move's locks, or one started afterwards) does not seed a demo store there, which
 * visitors would see and a second move would refuse. It serves the maintenance page and looks
 * again until a move lands. Counters are among the tables the migrations fill, which the move's
 * checks of an empty target pass over, so a move run again goes ahead.
 */
const MARK = 'move-to-postgres-began';

/** Notes that a move into this database has begun (its value: when, in ms). */
export async function markMoveBegun(session: StoreSession, now: number = Date.now()): Promise<void> {
  await session.run(
    'INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
    [MARK, now],
  );
}

/** Whether a move into this database began and did not land. */
export async function hasUnfinishedMove(session: StoreSession): Promise<boolean> {
  return (await session.get('SELECT 1 AS found FROM counters WHERE name = ?', [MARK])) !== undefined;
}

/**
 * Thrown by a server's start on an empty database a move did not finish filling: main.ts serves
 * the maintenance page and tries again every 2 s, and the store takes over once a move lands.
 */
export class UnfinishedMoveError extends Error {
  override readonly name = 'UnfinishedMoveError';
  constructor() {
    super(serverMessages.unfinishedMoveLog);
  }
}
