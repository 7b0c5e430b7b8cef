import type Database from 'better-sqlite3';
import { MAILING_LIST_CONFIRM_PATH } from '../../../server/api/mailing-list-signup.ts';

/** The path and query of the newest confirmation link mailed to the address, or null when none was. */
export function confirmationLinkFor(db: Database.Database, email: string): string | null {
  const body = db.prepare(
    "SELECT body FROM restock_outbox WHERE recipient = ? AND kind = 'mailing-list-confirmation' ORDER BY created_on DESC LIMIT 1",
  ).pluck().get(email) as string | undefined;
  if (body === undefined) return null;
  const start = body.indexOf(`${MAILING_LIST_CONFIRM_PATH}?token=`);
  if (start < 0) throw new Error(`no confirmation link in: ${body}`);
  return body.slice(start).split(/\s/)[0]!;
}

export function isOnMailingList(db: Database.Database, email: string): boolean {
  return db.prepare('SELECT 1 FROM mailing_list WHERE email = ?').get(email) !== undefined;
}
