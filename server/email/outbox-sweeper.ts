/**
 * Emails left pending: each email is written in the transaction of what it announces and sent
 * just after it commits, by the same process. A process that stops in between (a deploy, a
 * crash) leaves it pending; this sweep, run by every process, sends such emails a minute later.
 * Emails older than two days are left alone: a late order confirmation or restock notice would
 * mislead more than it helps (the owner still reads them in the admin). A restock notice left so
 * is given up, and its request waits again for the owner's next Notify. Mailing-list confirmations
 * are the exception: held while the store has no mail server, they are sent once it has one.
 */
import type { AppDeps } from '../deps.ts';
import { checkoutServices } from '../commerce/checkout-services.ts';
import { EmailOutboxRepository } from '../db/email-outbox-repository.ts';
import { reportStorageFault, storageFault } from '../db/storage-fault.ts';
import { serverMessages } from '../messages.ts';
import { MAILING_LIST_CONFIRMATION_KIND } from '../db/mailing-list-repository.ts';
import { HELD_CONFIRMATION_SENDABLE_MS } from '../security/mailing-list-link.ts';
import { canSendEmail, DELIVERY_CLAIM_MS } from './mailer.ts';
import { giveUpLateRestockNotices } from './undelivered-email.ts';

export const SWEEP_EVERY_MS = 60 * 1000;
/** Younger emails are still being sent by the process that wrote them. */
const LEFT_AFTER_MS = 60 * 1000;
const TOO_LATE_AFTER_MS = 2 * 24 * 60 * 60 * 1000;
/** Emails one sweep sends at most; the next sweep takes the rest. */
const SWEEP_LIMIT = 50;
/** The sweep, as a log line about a database fault names it. */
const SWEEP_TASK = 'email outbox sweep';

/** Sends the emails left pending now; answers how many it took. */
export async function sweepOutbox(deps: AppDeps, now = Date.now()): Promise<number> {
  // mailing-list confirmations wait for a mail server: none are taken while the store has none, and
  // once it has one those held meanwhile go out while their links still work
  const confirmationsAge = canSendEmail(deps.options.mail) ? HELD_CONFIRMATION_SENDABLE_MS : 0;
  const left = await new EmailOutboxRepository(deps.store).leftPending(now, {
    minAgeMs: LEFT_AFTER_MS, maxAgeMs: TOO_LATE_AFTER_MS, staleAfterMs: DELIVERY_CLAIM_MS, limit: SWEEP_LIMIT,
    otherAge: { kind: MAILING_LIST_CONFIRMATION_KIND, maxAgeMs: confirmationsAge },
  });
  const { mailer } = checkoutServices(deps);
  for (const email of left) await mailer.deliver(deps.store, email);
  // the restock notices the sweep no longer sends leave no shopper marked as told
  await giveUpLateRestockNotices(deps.store, now - TOO_LATE_AFTER_MS, SWEEP_LIMIT);
  return left.length;
}

/**
 * One sweep whose failure is logged, not thrown. A database away or refusing is said as the
 * requests say it (once a minute, no stack: the same line the requests would write, so an outage
 * is one line per process, not one per source); anything else is logged with its stack.
 */
export async function sweepOutboxOrLog(deps: AppDeps): Promise<void> {
  try {
    await sweepOutbox(deps);
  } catch (error) {
    const fault = storageFault(error);
    if (fault !== null) reportStorageFault(deps.log, fault, { task: SWEEP_TASK });
    else deps.log.warn({ err: error }, serverMessages.outboxSweepFailedLog);
  }
}

/** Sweeps every minute until stopped; a failed sweep (the database away) waits for the next. */
export function startOutboxSweeper(deps: AppDeps): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void sweepOutboxOrLog(deps).finally(() => {
      running = false;
    });
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
