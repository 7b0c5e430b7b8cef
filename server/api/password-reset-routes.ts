import { Router } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { shopperEmailSchema } from '../../client/lib/validation.ts';
import type { AppDeps } from '../deps.ts';
import { createPasswordLinkSender } from '../email/password-link-sender.ts';
import { serverMessages } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { canEmailPasswordLinks, setPasswordFromLink } from '../security/password-links.ts';
import { hashPassword } from '../security/passwords.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { newPasswordSchema } from '../admin/account-calls.ts';
import { parseAdminInput } from '../admin/admin-validation.ts';

export const PASSWORD_RESET = '/api/site-users/account/password-reset';
export const PASSWORD_RESET_CONFIRM = '/api/site-users/account/password-reset/confirm';

export { RESET_EMAIL_GAP_MS } from '../email/password-link-sender.ts';

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
  const links = createPasswordLinkSender(deps);

  router.post(PASSWORD_RESET, throttle, async (req, res) => {
    const { email } = parseAdminInput(requestSchema, req.body);
    if (!canEmailPasswordLinks(deps)) throw new HttpError(409, ADMIN.server.resetNeedsMail);
    // answered before anything is looked up, so the time it takes tells no one whether an account has the address
    res.json({ message: ADMIN.resetLinkSent });
    try {
      await links.send(email);
    } catch (error) {
      deps.log.error({ err: error }, serverMessages.passwordResetFailedLog);
    }
  });

  router.post(PASSWORD_RESET_CONFIRM, throttle, async (req, res) => {
    const input = parseAdminInput(confirmSchema, req.body);
    const hash = await hashPassword(input.newPassword);
    const use = await setPasswordFromLink(deps.store, input.token, hash);
    // a replaced link says a newer one was sent, so the member looks for it instead of asking again
    if (use !== 'changed') throw new HttpError(400, use === 'replaced' ? ADMIN.server.resetLinkReplaced : ADMIN.server.resetLinkInvalid);
    res.json({ message: ADMIN.passwordResetDone });
  });

  return router;
}
