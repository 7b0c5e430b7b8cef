import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { fillMessage, serverMessages } from '../messages.ts';
import { BUSY_TIMEOUT_MS } from './database.ts';

/**
 * Whether a process still writes to a SQLite store, for `npm run move-to-postgres`: a server
 * left running would take orders into the file after the copy read it, and they would be lost on
 * the switch to PostgreSQL.
 *
 * Every process that opens the store for writing (each WORKERS process, `npm run password`) keeps
 * a read transaction open on an empty companion file, `<store>-lock`, for as long as the store is
 * open: a shared lock SQLite takes and the operating system drops when the process ends, however
 * it ends, so a killed server leaves nothing stale behind (a pid file could name a pid the system
 * has since given to another program). The move asks for the exclusive lock without waiting: it
 * is refused while any writer holds its share, and once it has it, a server starting meanwhile
 * cannot take one and does not start. Why not the store file's own lock: in WAL mode every
 * connection holds it, a DATABASE_READONLY server's too, which may go on serving pages while the
 * shop moves. The companion is never removed: a process making a new one while another still
 * holds the old would hide from the check.
 */
export const writerLockPath = (databasePath: string): string => `${databasePath}-lock`;

/** A held lock (a writer's share, or a command's claim); `release` gives it back. */
export interface StoreLock {
  release(): void;
}

/**
 * Thrown to a process opening the store for writing while a command has claimed it. It carries
 * the lock's SQLITE_BUSY: a server's start tries again, as for the file's own lock, and once the
 * move has ended it takes over the store or, moved away, refuses it (moved-store-mark.ts).
 */
export class StoreClaimedError extends Error {
  override readonly name = 'StoreClaimedError';
  readonly code = 'SQLITE_BUSY';
  constructor(databasePath: string) {
    super(fillMessage(serverMessages.storeClaimed, { path: databasePath }));
  }
}

/**
 * The lock connections this process holds, kept referenced here until released: a connection
 * nothing refers to is closed when collected, and its lock with it, so a store whose object was
 * let go of (its raw connection kept) would stop telling the move that it writes.
 */
const held = new Set<Database.Database>();

const lockOf = (db: Database.Database): StoreLock => {
  held.add(db);
  return {
    release: () => {
      held.delete(db);
      if (db.open) db.close();
    },
  };
};

const isBusy = (error: unknown): boolean => (error as { code?: unknown }).code === 'SQLITE_BUSY';

/** Takes this process's share of the store's writer lock, waiting up to the busy timeout (5 s) for a command's claim to end. */
export function holdWriterLock(databasePath: string, timeoutMs: number = BUSY_TIMEOUT_MS): StoreLock {
  const db = new Database(writerLockPath(databasePath), { timeout: timeoutMs });
  try {
    db.exec('BEGIN');
    // the shared lock is taken by the first read and kept until the transaction ends
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (error) {
    db.close();
    throw isBusy(error) ? new StoreClaimedError(databasePath) : error;
  }
  return lockOf(db);
}

/**
 * The store for a command alone, without waiting: null while a process holds it open for writing.
 * Held until released, so no writer starts on the store in the meantime.
 */
export function claimStore(databasePath: string): StoreLock | null {
  const path = writerLockPath(databasePath);
  let db: Database.Database;
  try {
    db = new Database(path, { timeout: 0 });
  } catch (error) {
    // a folder nobody may write in (a copy on read-only media): no writer could have opened the store there without making the file
    if (!existsSync(path)) return { release: () => {} };
    throw error;
  }
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if (isBusy(error)) return null;
    throw error;
  }
  return lockOf(db);
}
