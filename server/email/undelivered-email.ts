/**
 * What an email that never reached its recipient undoes. A restock request is marked notified as
 * its notice is written: when that notice is refused by the mail server, kept for want of one, or
 * given up as too late, the shopper was never told, so the request waits again (the owner's list
 * counts it, and the next Notify, which checks the stock, reaches it). Each change is written in
 * one transaction with the notice's new status, so neither is ever recorded without the other.
 */
import { EmailOutboxRepository, type OutboxEmail } from '../db/email-outbox-repository.ts';
import { RESTOCK_NOTICE_KIND, RestockRepository } from '../db/restock-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { serverMessages } from '../messages.ts';

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
 * Gives up the restock notices still untried at `writtenBy` (the sweep sends no email that old: a
 * late "back in stock" could arrive after the item sold out again) and makes their requests wait
 * again. Answers how many it gave up; at most `limit`, the next sweep takes the rest.
 */
export async function giveUpLateRestockNotices(session: StoreSession, writtenBy: number, limit: number): Promise<number> {
  const late = await new EmailOutboxRepository(session).untriedSince(RESTOCK_NOTICE_KIND, writtenBy, limit);
  let givenUp = 0;
  for (const notice of late) {
    const marked = await session.transaction(async (tx) => {
      if (!(await new EmailOutboxRepository(tx).giveUp(notice.id, serverMessages.restockNoticeTooLate))) return false;
      await new RestockRepository(tx).waitAgainAfterUndelivered(notice.id);
      return true;
    });
    if (marked) givenUp += 1;
  }
  return givenUp;
}
