import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fillMessage, serverMessages } from '../messages.ts';

/**
 * The note `npm run move-to-postgres` leaves beside a SQLite store it copied, `<store>-moved`,
 * naming where the shop went. A process that would write to the file afterwards (a server started
 * without DATABASE_URL, `npm run password` run without it) refuses instead: orders and passwords
 * it took there would never reach PostgreSQL, and nothing would say so. A read-only server and the
 * backup commands still open the file; deleting the note makes the file a shop's store again, and
 * so does `npm run restore` of a backup into it (going back to SQLite: backup-command.ts).
 */
export const movedMarkPath = (databasePath: string): string => `${databasePath}-moved`;

export interface MovedMark {
  /** The database it went to, without its password (storeDescription). */
  target: string;
  movedOn: string;
}

/** Thrown to a process opening a moved store for writing. */
export class StoreMovedError extends Error {
  override readonly name = 'StoreMovedError';
  constructor(databasePath: string, mark: MovedMark) {
    super(fillMessage(serverMessages.storeMoved, { path: databasePath, target: mark.target, movedOn: mark.movedOn, mark: movedMarkPath(databasePath) }));
  }
}

/** Notes that the store in `databasePath` now lives at `target`; written while the move still holds the store's claim. */
export function markStoreMoved(databasePath: string, target: string, now = new Date()): void {
  const mark: MovedMark = { target, movedOn: now.toISOString() };
  writeFileSync(movedMarkPath(databasePath), `${JSON.stringify(mark)}\n`);
}

/** The note beside a moved store, or null when it was not moved; a note that cannot be read still counts. */
export function readMovedMark(databasePath: string): MovedMark | null {
  let text: string;
  try {
    text = readFileSync(movedMarkPath(databasePath), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<MovedMark>;
    if (typeof parsed.target === 'string' && typeof parsed.movedOn === 'string') return { target: parsed.target, movedOn: parsed.movedOn };
  } catch {
    // an edited note: the store was still moved
  }
  return { target: 'PostgreSQL', movedOn: 'an unknown date' };
}

/** Throws StoreMovedError when the store was moved away. */
export function refuseMovedStore(databasePath: string): void {
  const mark = readMovedMark(databasePath);
  if (mark !== null) throw new StoreMovedError(databasePath, mark);
}

/** Takes the note away: the file is the shop's store again. */
export function clearMovedMark(databasePath: string): void {
  rmSync(movedMarkPath(databasePath), { force: true });
}
