/**
 * How late each kind of email may still be sent, and why one is given up after that. The outbox
 * sweep sends what a stopped process left pending; past its kind's limit an email is marked
 * failed with the reason below instead, so nothing waits in the outbox for good and the owner
 * reads why it never went out.
 *
 * - Order emails (confirmation, the owner's new-order notice, shipping, cancellation) and any
 *   other kind: two days. Late, they would surprise more than help; they stay useful to the
 *   owner, who can send one again from its order.
 * - Restock notices: two days, never sent late, as the item may have sold out again; the request
 *   waits for the owner's next Notify (server/email/undelivered-email.ts).
 * - Password-reset links: while the link works a quarter of an hour more; a link that expires as
 *   it arrives only misleads, and the account owner can ask for a new one at once.
 * - Staff invitations and mailing-list confirmations: while their link works a day more, so that
 *   it can still be opened.
 */
import type { AgeByKind } from '../db/email-outbox-repository.ts';
import { MAILING_LIST_CONFIRMATION_KIND } from '../db/mailing-list-repository.ts';
import { RESTOCK_NOTICE_KIND } from '../db/restock-repository.ts';
import { serverMessages } from '../messages.ts';
import { HELD_CONFIRMATION_SENDABLE_MS } from '../security/mailing-list-link.ts';
import { INVITATION_LINK_DAYS, RESET_LINK_MINUTES } from '../security/password-links.ts';
import { PASSWORD_RESET_EMAIL_KIND, STAFF_INVITATION_EMAIL_KIND } from './password-reset-email.ts';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

interface LateRule {
  sendableForMs: number;
  /** The outbox's error for one given up. */
  reason: string;
}

const DEFAULT_RULE: LateRule = { sendableForMs: 2 * DAY, reason: serverMessages.emailTooLate };

const RULES: Record<string, LateRule> = {
  [RESTOCK_NOTICE_KIND]: { sendableForMs: 2 * DAY, reason: serverMessages.restockNoticeTooLate },
  [PASSWORD_RESET_EMAIL_KIND]: { sendableForMs: (RESET_LINK_MINUTES - 15) * MINUTE, reason: serverMessages.passwordLinkTooLate },
  [STAFF_INVITATION_EMAIL_KIND]: { sendableForMs: (INVITATION_LINK_DAYS - 1) * DAY, reason: serverMessages.staffInvitationTooLate },
  [MAILING_LIST_CONFIRMATION_KIND]: { sendableForMs: HELD_CONFIRMATION_SENDABLE_MS, reason: serverMessages.mailingListConfirmationTooLate },
};

/** How long after they were written the emails of each kind may still be sent. */
export const SENDABLE_AGES: AgeByKind = {
  byKind: Object.fromEntries(Object.entries(RULES).map(([kind, rule]) => [kind, rule.sendableForMs])),
  otherwise: DEFAULT_RULE.sendableForMs,
};

/** Until when an email may still be sent (tried again after a temporary failure): past it, the sweep gives it up. */
export function sendableUntil(email: { kind: string; createdOn: number }): number {
  return email.createdOn + (RULES[email.kind] ?? DEFAULT_RULE).sendableForMs;
}

/** Why an email of `kind` never tried by the time it was too late was given up. */
export function tooLateReason(kind: string): string {
  return (RULES[kind] ?? DEFAULT_RULE).reason;
}

/** Whether `error` is one the sweep writes for an email it gave up (not a mail server's answer). */
export function isGivenUpReason(error: string | null): boolean {
  return error === serverMessages.emailPerhapsSent || error === DEFAULT_RULE.reason
    || Object.values(RULES).some((rule) => rule.reason === error);
}
