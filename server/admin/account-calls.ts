import { Router } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { AppDeps } from '../deps.ts';
import { AdminAccountRepository } from '../db/admin-account-repository.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { signedInUser } from './admin-actor.ts';
import { fieldError, parseAdminInput } from './admin-validation.ts';

export const ADMIN_PASSWORD = '/api/admin/account/password';
export const MIN_PASSWORD_LENGTH = 12;

const passwordSchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().min(MIN_PASSWORD_LENGTH, { error: fillMessage(ADMIN.server.passwordTooShort, { min: MIN_PASSWORD_LENGTH }) }).max(1024),
});

/** The signed-in owner changes their own password (the current one is asked again). */
export function createAccountCalls(deps: AppDeps): Router {
  const router = Router();
  const canUse = requireOwner(deps, 'admin.use');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  router.put(ADMIN_PASSWORD, ownerWrite, canUse, async (req, res) => {
    const input = parseAdminInput(passwordSchema, req.body);
    const user = signedInUser(req);
    const accounts = new AdminAccountRepository(deps.store);
    const account = await accounts.findById(user.siteUserId);
    if (!account) throw new HttpError(401, ADMIN.server.wrongPassword);
    if (!(await verifyPassword(input.currentPassword, account.passwordHash))) throw fieldError('currentPassword', ADMIN.server.wrongPassword);
    const hash = await hashPassword(input.newPassword);
    await deps.store.transaction((tx) => new AdminAccountRepository(tx).changePassword(account.id, hash, user.sessionTokenHash));
    res.json({ message: ADMIN.passwordChanged });
  });

  return router;
}
