import { MAILING_LIST_CONFIRM_PATH } from '../../../server/api/mailing-list-signup.ts';
import type { StoreSession } from '../../../server/db/store.ts';

/** The path and query of the newest confirmation link mailed to the address, or null when none was. */
export async function confirmationLinkFor(store: StoreSession, email: string): Promise<string | null> {
  const row = await store.get<{ body: string }>(
    "SELECT text_body AS body FROM email_outbox WHERE recipient = ? AND kind = 'mailing-list-confirmation' ORDER BY created_on DESC LIMIT 1",
    [email],
  );
  if (row === undefined) return null;
  const start = row.body.indexOf(`${MAILING_LIST_CONFIRM_PATH}?token=`);
  if (start < 0) throw new Error(`no confirmation link in: ${row.body}`);
  return row.body.slice(start).split(/\s/)[0]!;
}

export async function isOnMailingList(store: StoreSession, email: string): Promise<boolean> {
  return (await store.get('SELECT 1 AS found FROM mailing_list WHERE email = ?', [email])) !== undefined;
}
