import { checkoutServices } from '../commerce/checkout-services.ts';
import { readCheckoutSettings } from '../commerce/checkout-quote.ts';
import type { AppDeps } from '../deps.ts';
import { EmailOutboxRepository, type OutboxEmail } from '../db/email-outbox-repository.ts';
import { PasswordResetRepository } from '../db/password-reset-repository.ts';
import { SiteUserRepository } from '../db/site-user-repository.ts';
import { serverMessages } from '../messages.ts';
import { issuePasswordLink, RESET_LINK_MINUTES } from '../security/password-links.ts';
import { passwordResetEmail } from './password-reset-email.ts';
import { giveUpReplacedLinkEmails } from './replaced-link-emails.ts';

/** An account gets at most one link email in this time, however often it is asked for. */
export const RESET_EMAIL_GAP_MS = 5 * 60_000;

/** The page a link opens, from the store's address and the link's token. */
export type ResetPageLink = (baseUrl: string, token: string) => string;

/**
 * Sends a forgotten-password link to the account with the address, if one has it and had none a
 * moment ago; nothing otherwise. The one way links are sent, whoever asks (the admin's sign-in,
 * the members' sign-in): they differ only in the page the link opens.
 */
export function createPasswordLinkSender(deps: AppDeps): { send(email: string, pageLink?: ResetPageLink): Promise<void> } {
  /**
   * The account's new link and its email, in one transaction (an earlier link email not yet sent is
   * given up: its link no longer works); null when one was sent a moment ago.
   */
  async function makeLink(siteUserId: string, email: string, settings: { siteTitle: string; baseUrl: string; locale: string }, pageLink?: ResetPageLink): Promise<OutboxEmail | null> {
    const now = Date.now();
    return deps.store.transaction(async (tx) => {
      const last = await new PasswordResetRepository(tx).lastRequestedOn(siteUserId);
      if (last !== null && now - last < RESET_EMAIL_GAP_MS) return null;
      const token = await issuePasswordLink(tx, siteUserId, now, RESET_LINK_MINUTES * 60_000);
      await giveUpReplacedLinkEmails(tx, siteUserId, now);
      const message = passwordResetEmail({
        siteUserId, email, siteTitle: settings.siteTitle, baseUrl: settings.baseUrl, token, minutes: RESET_LINK_MINUTES,
        resetUrl: pageLink?.(settings.baseUrl, token),
        // a member's link email is the shopper's, in the store's language; the admin's stays English
        locale: pageLink === undefined ? undefined : settings.locale,
      });
      return new EmailOutboxRepository(tx).add(message, now);
    });
  }

  return {
    async send(email, pageLink) {
      const account = await new SiteUserRepository(deps.store).findByEmail(email);
      if (!account) return;
      const settings = await readCheckoutSettings(deps.store);
      if (settings.baseUrl === '') {
        deps.log.warn({ siteUserId: account.id }, serverMessages.passwordResetNoAddressLog);
        return;
      }
      const sent = await makeLink(account.id, account.email, settings, pageLink);
      if (sent !== null) await checkoutServices(deps).mailer.deliver(deps.store, sent);
    },
  };
}
