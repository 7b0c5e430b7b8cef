/**
 * What an email that never reached its recipient undoes. A restock request is marked notified as
 * its notice is written: when that notice is refused by the mail server, kept for want of one, or
 * given up as too late, the shopper was never told, so the request waits again (the owner's list
 * counts it, and the next Notify, which checks the stock, reaches it). Each change is written in
 * one transaction with the notice's new status, so neither is ever recorded without the other.
 * Any other email given up as too late is only marked failed, for the owner to read why.
 */
import { EmailOutboxRepository, type OutboxEmail } from '../db/email-outbox-repository.ts';
import { RESTOCK_NOTICE_KIND, RestockRepository } from '../db/restock-repository.ts';
import type { StoreSession } from '../db/store.ts';
import type { Logger } from 'pino';
import { fillMessage, serverMessages } from '../messages.ts';
import { SENDABLE_AGES, tooLateReason } from './late-email.ts';

/** Records that an email was not delivered (refused, or kept without a mail server), with what that undoes. */
export async function settleUndelivered(
  session: StoreSession, email: Pick<OutboxEmail, 'id' | 'kind'>, status: 'failed' | 'kept', error: string | null = null,
): Promise<void> {
  await session.transaction(async (tx) => {
    await new EmailOutboxRepository(tx).settle(email.id, status, error);
    if (email.kind === RESTOCK_NOTICE_KIND) await new RestockRepository(tx).waitAgainAfterUndelivered(email.id);
  });
}

/**
 * Gives up the pending emails written longer ago than their kind may be sent (late-email.ts) that
 * no process is sending now, at most `limit` (the next sweep takes the rest); answers how many.
 * One never tried is marked failed with its kind's reason, and a restock notice's request waits
 * again. One a process took and never settled (taken more than `staleAfterMs` ago) may have
 * reached the mail server before that process stopped: it is marked failed saying it perhaps went
 * out, so the owner checks before sending it again, and a restock request keeps its mark, so
 * nobody who was emailed is emailed twice.
 */
export async function giveUpLateEmails(
  session: StoreSession, now: number, options: { staleAfterMs: number; limit: number; log?: Logger },
): Promise<number> {
  const late = await new EmailOutboxRepository(session).pastSendable(now, { sendableFor: SENDABLE_AGES, staleAfterMs: options.staleAfterMs, limit: options.limit });
  let givenUp = 0;
  for (const email of late) {
    const reason = email.attemptedOn !== null ? serverMessages.emailPerhapsSent : tooLateReason(email.kind);
    const marked = await session.transaction(async (tx) => {
      const outbox = new EmailOutboxRepository(tx);
      if (email.attemptedOn !== null) return outbox.giveUp(email.id, reason, now - options.staleAfterMs);
      if (!(await outbox.giveUp(email.id, reason))) return false;
      if (email.kind === RESTOCK_NOTICE_KIND) await new RestockRepository(tx).waitAgainAfterUndelivered(email.id);
      return true;
    });
    if (!marked) continue;
    givenUp += 1;
    // nothing else says it never went out: one tried and refused for now keeps its last failure in the line
    options.log?.warn({ emailId: email.id, kind: email.kind, tries: email.tries, lastError: email.error },
      fillMessage(serverMessages.emailGivenUpLog, { reason }));
  }
  return givenUp;
}
