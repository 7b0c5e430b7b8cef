import { Router } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { shopperEmailSchema } from '../../client/lib/validation.ts';
import { checkoutServices } from '../commerce/checkout-services.ts';
import { readCheckoutSettings } from '../commerce/checkout-quote.ts';
import type { AppDeps } from '../deps.ts';
import { EmailOutboxRepository, type OutboxEmail } from '../db/email-outbox-repository.ts';
import { PasswordResetRepository } from '../db/password-reset-repository.ts';
import { SiteUserRepository } from '../db/site-user-repository.ts';
import { passwordResetEmail } from '../email/password-reset-email.ts';
import { serverMessages } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { canEmailPasswordLinks, issuePasswordLink, resetTokenHash, RESET_LINK_MINUTES } from '../security/password-links.ts';
import { hashPassword } from '../security/passwords.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { newPasswordSchema } from '../admin/account-calls.ts';
import { parseAdminInput } from '../admin/admin-validation.ts';

export const PASSWORD_RESET = '/api/site-users/account/password-reset';
export const PASSWORD_RESET_CONFIRM = '/api/site-users/account/password-reset/confirm';

/** An account gets at most one link email in this time, however often it is asked for. */
export const RESET_EMAIL_GAP_MS = 5 * 60_000;

const requestSchema = z.object({ email: shopperEmailSchema(ADMIN.server.notAnEmail) });

const confirmSchema = z.object({
  token: z.string().min(1).max(200),
  newPassword: newPasswordSchema,
});

/**
 * "Forgot your password?" on the admin's sign-in: a link to choose a new password, sent by email
 * to the account's address, that works once for an hour; using it signs the account out
 * everywhere. The answer to asking is the same whether or not an account has the address, so the
 * form tells no one who has an account. A store without a mail server refuses (409) and the
 * sign-in says how to set a password on the server instead (`npm run password`).
 */
export function createPasswordResetRouter(deps: AppDeps): Router {
  const router = Router();
  const throttle = createRateLimiter(deps, 'passwordReset');

  router.post(PASSWORD_RESET, throttle, async (req, res) => {
    const { email } = parseAdminInput(requestSchema, req.body);
    if (!canEmailPasswordLinks(deps)) throw new HttpError(409, ADMIN.server.resetNeedsMail);
    // answered before anything is looked up, so the time it takes tells no one whether an account has the address
    res.json({ message: ADMIN.resetLinkSent });
    try {
      await sendLink(email);
    } catch (error) {
      deps.log.error({ err: error }, serverMessages.passwordResetFailedLog);
    }
  });

  /** The link to the account with the address, if one has it and had none a moment ago. */
  async function sendLink(email: string): Promise<void> {
    const account = await new SiteUserRepository(deps.store).findByEmail(email);
    if (!account) return;
    const settings = await readCheckoutSettings(deps.store);
    if (settings.baseUrl === '') {
      deps.log.warn({ siteUserId: account.id }, serverMessages.passwordResetNoAddressLog);
      return;
    }
    const sent = await makeLink(account.id, account.email, settings);
    if (sent !== null) await checkoutServices(deps).mailer.deliver(deps.store, sent);
  }

  /** The account's new link and its email, in one transaction; null when one was sent a moment ago. */
  async function makeLink(siteUserId: string, email: string, settings: { siteTitle: string; baseUrl: string }): Promise<OutboxEmail | null> {
    const now = Date.now();
    return deps.store.transaction(async (tx) => {
      const last = await new PasswordResetRepository(tx).lastRequestedOn(siteUserId);
      if (last !== null && now - last < RESET_EMAIL_GAP_MS) return null;
      const token = await issuePasswordLink(tx, siteUserId, now, RESET_LINK_MINUTES * 60_000);
      const message = passwordResetEmail({ siteUserId, email, siteTitle: settings.siteTitle, baseUrl: settings.baseUrl, token, minutes: RESET_LINK_MINUTES });
      return new EmailOutboxRepository(tx).add(message, now);
    });
  }

  router.post(PASSWORD_RESET_CONFIRM, throttle, async (req, res) => {
    const input = parseAdminInput(confirmSchema, req.body);
    const hash = await hashPassword(input.newPassword);
    const changed = await deps.store.transaction(async (tx) => {
      const resets = new PasswordResetRepository(tx);
      const siteUserId = await resets.take(resetTokenHash(input.token), Date.now());
      if (siteUserId === null) return false;
      await resets.setPassword(siteUserId, hash);
      return true;
    });
    if (!changed) throw new HttpError(400, ADMIN.server.resetLinkInvalid);
    res.json({ message: ADMIN.passwordResetDone });
  });

  return router;
}
