/**
 * Links to choose a password (a forgotten one, or a new member's first): a random token that
 * the email carries and whose SHA-256 the store keeps, so the table alone opens no account. An
 * account has one link at a time; using it is PasswordResetRepository.take.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import { PasswordResetRepository } from '../db/password-reset-repository.ts';
import type { StoreSession } from '../db/store.ts';

/** How long a forgotten-password link works. */
export const RESET_LINK_MINUTES = 60;
/** How long a new member's invitation works. */
export const INVITATION_LINK_DAYS = 7;

/** What a link's token is kept as. */
export function resetTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether the store can send links at all: without a mail server they would wait in the outbox unread. */
export function canEmailPasswordLinks(deps: AppDeps): boolean {
  return Boolean(deps.options.mail?.smtpUrl);
}

/** Makes the account's link, valid for `validForMs`, in the caller's transaction, replacing its last; returns the token for the email. */
export async function issuePasswordLink(tx: StoreSession, siteUserId: string, now: number, validForMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const resets = new PasswordResetRepository(tx);
  await resets.deleteExpired(now);
  await resets.replace(siteUserId, resetTokenHash(token), now, now + validForMs);
  return token;
}
