/**
 * Links to choose a password (a forgotten one, or a new member's first): a random token that
 * the email carries and whose SHA-256 the store keeps, so the table alone opens no account. An
 * account has one working link at a time (a newer one replaces it); setPasswordFromLink uses it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import { PasswordResetRepository } from '../db/password-reset-repository.ts';
import type { Store, StoreSession } from '../db/store.ts';

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

/** What a link did with a new password: set it, or why not (a newer link replaced it; unknown, used or past its time). */
export type PasswordLinkUse = 'changed' | 'replaced' | 'unusable';

/**
 * Sets the account's password from its link and signs it out everywhere, using the link in the
 * same transaction, so two uses of one link change the password once.
 */
export async function setPasswordFromLink(store: Store, token: string, passwordHash: string, now = Date.now()): Promise<PasswordLinkUse> {
  return store.transaction(async (tx) => {
    const resets = new PasswordResetRepository(tx);
    const taken = await resets.take(resetTokenHash(token), now);
    if ('refused' in taken) return taken.refused;
    await resets.setPassword(taken.siteUserId, passwordHash);
    return 'changed';
  });
}
