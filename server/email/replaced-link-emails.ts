/**
 * Emails whose password link a newer one replaced before they went out. An account has one
 * working link at a time (server/security/password-links.ts): once a newer link is made, an
 * earlier reset or invitation email still waiting in the outbox would only deliver a link that no
 * longer works, so it is given up, marked failed saying why, in the transaction that makes the
 * newer link. One a process is sending at that moment goes out; its page then says a newer link
 * was sent.
 */
import { EmailOutboxRepository } from '../db/email-outbox-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { serverMessages } from '../messages.ts';
import { DELIVERY_CLAIM_MS } from './mailer.ts';
import { PASSWORD_RESET_EMAIL_KIND, STAFF_INVITATION_EMAIL_KIND } from './password-reset-email.ts';

const LINK_EMAIL_KINDS = new Set([PASSWORD_RESET_EMAIL_KIND, STAFF_INVITATION_EMAIL_KIND]);

/** Gives up the account's link emails not yet sent that no process is sending; answers how many. */
export async function giveUpReplacedLinkEmails(tx: StoreSession, siteUserId: string, now: number): Promise<number> {
  const outbox = new EmailOutboxRepository(tx);
  let givenUp = 0;
  for (const email of await outbox.ofSubject(siteUserId)) {
    if (email.status !== 'pending' || !LINK_EMAIL_KINDS.has(email.kind)) continue;
    // one taken by a process that stopped mid-send is given up too, else the sweep would send it
    const takenBefore = email.attemptedOn === null ? undefined : now - DELIVERY_CLAIM_MS;
    if (await outbox.giveUp(email.id, serverMessages.passwordLinkReplaced, takenBefore)) givenUp += 1;
  }
  return givenUp;
}
