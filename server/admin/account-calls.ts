import { Router, type Request } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { AppDeps } from '../deps.ts';
import { AdminAccountRepository, type AdminAccount } from '../db/admin-account-repository.ts';
import { fillMessage } from '../messages.ts';
import { isUniqueViolation } from '../db/store.ts';
import { MIN_PASSWORD_LENGTH, shopperEmailSchema } from '../../client/lib/validation.ts';
import { HttpError } from '../security/http-error.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { signedInUser } from './admin-actor.ts';
import { fieldError, parseAdminInput } from './admin-validation.ts';

export const ADMIN_PASSWORD = '/api/admin/account/password';
export const ADMIN_EMAIL = '/api/admin/account/email';
/** Whether the session still holds: the admin asks when the owner comes back to it (a phone woken up). */
export const ADMIN_SESSION = '/api/admin/account/session';
export { MIN_PASSWORD_LENGTH };

/** A new password, as the Account screen and a reset link take it. */
export const newPasswordSchema = z.string().min(MIN_PASSWORD_LENGTH, { error: fillMessage(ADMIN.server.passwordTooShort, { min: MIN_PASSWORD_LENGTH }) }).max(1024);

const passwordSchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: newPasswordSchema,
});

const emailSchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  newEmail: shopperEmailSchema(ADMIN.server.notAnEmail),
});

/** The signed-in owner's session check, and their own password or sign-in email (the current password is asked again). */
export function createAccountCalls(deps: AppDeps): Router {
  const router = Router();
  const canUse = requireOwner(deps, 'admin.use');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  /** The signed-in account, once its current password is given again; a wrong one is a field error. */
  async function checkedAccount(req: Request, currentPassword: string): Promise<AdminAccount> {
    const account = await new AdminAccountRepository(deps.store).findById(signedInUser(req).siteUserId);
    if (!account) throw new HttpError(401, ADMIN.server.wrongPassword);
    if (!(await verifyPassword(currentPassword, account.passwordHash))) throw fieldError('currentPassword', ADMIN.server.wrongPassword);
    return account;
  }

  // nothing to read: the guard's 401 for an ended session is the answer the admin waits for
  router.get(ADMIN_SESSION, canUse, (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.status(204).end();
  });

  router.put(ADMIN_PASSWORD, canUse, ownerWrite, async (req, res) => {
    const input = parseAdminInput(passwordSchema, req.body);
    const user = signedInUser(req);
    const account = await checkedAccount(req, input.currentPassword);
    const hash = await hashPassword(input.newPassword);
    await deps.store.transaction((tx) => new AdminAccountRepository(tx).changePassword(account.id, hash, user.sessionTokenHash));
    res.json({ message: ADMIN.passwordChanged });
  });

  router.put(ADMIN_EMAIL, canUse, ownerWrite, async (req, res) => {
    const input = parseAdminInput(emailSchema, req.body);
    const account = await checkedAccount(req, input.currentPassword);
    try {
      await deps.store.transaction((tx) => new AdminAccountRepository(tx).changeEmail(account.id, input.newEmail));
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('newEmail', ADMIN.server.emailTaken);
      throw error;
    }
    res.json({ email: input.newEmail, message: fillMessage(ADMIN.emailChanged, { email: input.newEmail }) });
  });

  return router;
}
