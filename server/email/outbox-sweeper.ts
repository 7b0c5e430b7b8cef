/**
 * Emails left pending: each email is written in the transaction of what it announces and sent
 * just after it commits, by the same process. A process that stops in between (a deploy, a
 * crash) leaves it pending; this sweep, run by every process, sends such emails a minute later.
 * An email is sent only while its kind may still be sent (two days for most, less for a link that
 * expires: server/email/late-email.ts); past that it is given up, marked failed with why, so none
 * waits for good and the owner sees it (and may send an order's email again). An email the mail
 * server could not take for now waits, pending, until its next try (mailer.ts, DeliveryTiming),
 * and is given up likewise if it is still not sent by then. Mailing-list
 * confirmations wait for a mail server: held while the store has none, they are sent once it has.
 */
import type { AppDeps } from '../deps.ts';
import { checkoutServices } from '../commerce/checkout-services.ts';
import { EmailOutboxRepository } from '../db/email-outbox-repository.ts';
import { reportStorageFault, storageFault } from '../db/storage-fault.ts';
import { serverMessages } from '../messages.ts';
import { MAILING_LIST_CONFIRMATION_KIND } from '../db/mailing-list-repository.ts';
import { canSendEmail, DELIVERY_CLAIM_MS } from './mailer.ts';
import { SENDABLE_AGES } from './late-email.ts';
import { giveUpLateEmails } from './undelivered-email.ts';

export const SWEEP_EVERY_MS = 60 * 1000;
/** Younger emails are still being sent by the process that wrote them. */
const LEFT_AFTER_MS = 60 * 1000;
/** Emails one sweep sends (and gives up) at most; the next sweep takes the rest. */
const SWEEP_LIMIT = 50;
/** The sweep, as a log line about a database fault names it. */
const SWEEP_TASK = 'email outbox sweep';

/** Sends the emails left pending now; answers how many it took. */
export async function sweepOutbox(deps: AppDeps, now = Date.now()): Promise<number> {
  // mailing-list confirmations wait for a mail server: none are taken while the store has none, and
  // once it has one those held meanwhile go out while their links still work
  const confirmations = canSendEmail(deps.options.mail) ? SENDABLE_AGES.byKind[MAILING_LIST_CONFIRMATION_KIND]! : 0;
  const left = await new EmailOutboxRepository(deps.store).leftPending(now, {
    minAgeMs: LEFT_AFTER_MS, staleAfterMs: DELIVERY_CLAIM_MS, limit: SWEEP_LIMIT,
    sendableFor: { ...SENDABLE_AGES, byKind: { ...SENDABLE_AGES.byKind, [MAILING_LIST_CONFIRMATION_KIND]: confirmations } },
  });
  const { mailer } = checkoutServices(deps);
  for (const email of left) {
    // a mail server that cannot be reached now would keep the others waiting on its timeouts
    // alike: they stay pending for the next sweep, a minute on
    if ((await mailer.deliver(deps.store, email)) === 'unreachable') break;
  }
  // what the sweep will no longer send is given up, so nothing waits in the outbox for good
  await giveUpLateEmails(deps.store, now, { staleAfterMs: DELIVERY_CLAIM_MS, limit: SWEEP_LIMIT, log: deps.log });
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
