import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { shopperEmailSchema } from '../../client/lib/validation.ts';
import { MIN_PASSWORD_LENGTH, newPasswordSchema } from '../admin/account-calls.ts';
import type { AppDeps } from '../deps.ts';
import { PasswordResetRepository, type PasswordLinkState } from '../db/password-reset-repository.ts';
import { createPasswordLinkSender } from '../email/password-link-sender.ts';
import { serverMessages } from '../messages.ts';
import { canEmailPasswordLinks, resetTokenHash, setPasswordFromLink } from '../security/password-links.ts';
import { hashPassword } from '../security/passwords.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import {
  MEMBER_FORGOT_PASSWORD_PATH, MEMBER_RESET_PASSWORD_PATH, memberForgotPasswordUrl, memberResetLink, memberSignInUrl, PASSWORD_CHANGED_PARAM, withQuery,
} from './member-account-paths.ts';
import { memberReturnPath, renderMemberFormPage } from './member-form-page.ts';
import type { PageRenderer } from './page-renderer.ts';
import { CONTACT_PAGE_PATH, readContactPage } from './contact-page.ts';

function tokenOf(value: unknown): string {
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : '';
}

const forgotFormSchema = z.object({ email: shopperEmailSchema(() => serverMessages.memberForgotPasswordNotAnEmail) });

const resetFormSchema = z.object({ newPassword: newPasswordSchema });

interface ForgotForm {
  returnTo: string;
  email: string;
  error: string | null;
  /** Said instead of the form: the link is on its way, or the shop cannot send one. */
  outcome: { sent: string } | { noMail: string } | null;
  status: number;
}

interface ResetForm {
  token: string;
  returnTo: string;
  error: string | null;
  /** Why the link does not work (replaced by a newer one; unknown, used or past its hour): said instead of the form. */
  invalid: Exclude<PasswordLinkState, 'current'> | null;
  status: number;
}

/**
 * "Forgot your password?" for members, in plain forms that work without scripts: the sign-in
 * links to a page that asks for the email and sends a link to choose a new password (the admin's
 * machinery: one link per account, an hour, the email outbox, the same throttle), answering the
 * same whether or not an account has the address; the link opens a page that sets the password
 * and sends the member to the sign-in, the page they wanted kept. A store without a mail server
 * says so and to contact the shop, since a member cannot set a password on the server.
 */
export function createMemberPasswordPages(deps: AppDeps, pages: PageRenderer): Router {
  const router = Router();
  const throttle = createRateLimiter(deps, 'passwordReset');
  const links = createPasswordLinkSender(deps);

  async function showForgot(req: Request, res: Response, form: ForgotForm): Promise<void> {
    await renderMemberFormPage(pages, req, res, {
      template: 'forgot-password',
      title: serverMessages.memberForgotPasswordTitle,
      status: form.status,
      formName: 'forgotPassword',
      action: memberForgotPasswordUrl(form.returnTo),
      fields: {
        returnTo: form.returnTo,
        email: form.email,
        error: form.error,
        sent: form.outcome !== null && 'sent' in form.outcome ? form.outcome.sent : null,
        noMail: form.outcome !== null && 'noMail' in form.outcome ? form.outcome.noMail : null,
        // how to reach the shop instead, when it has a contact page (its messages are kept without a mail server)
        contactUrl: form.outcome !== null && 'noMail' in form.outcome && await readContactPage(deps, req) !== null ? CONTACT_PAGE_PATH : null,
        contactLinkText: serverMessages.memberResetContactLink,
        signInUrl: memberSignInUrl(form.returnTo),
      },
    });
  }

  async function showReset(req: Request, res: Response, form: ResetForm): Promise<void> {
    // the form names its account, so a password manager knows whose new password it saves
    const accountEmail = form.invalid === null && form.token !== '' ? await new PasswordResetRepository(deps.store).accountEmail(resetTokenHash(form.token), Date.now()) : null;
    await renderMemberFormPage(pages, req, res, {
      template: 'reset-password',
      title: serverMessages.memberResetPasswordTitle,
      status: form.status,
      formName: 'resetPassword',
      action: withQuery(MEMBER_RESET_PASSWORD_PATH, { token: form.token, returnTo: form.returnTo }),
      fields: {
        token: form.token,
        returnTo: form.returnTo,
        accountEmail,
        minLength: MIN_PASSWORD_LENGTH,
        error: form.error,
        invalid: form.invalid === null ? null : form.invalid === 'replaced' ? serverMessages.memberResetLinkReplaced : serverMessages.memberResetLinkInvalid,
        forgotUrl: memberForgotPasswordUrl(form.returnTo),
      },
    });
  }

  // read per request: the note is in the store's language, which each request runs in
  const noMail = (): { noMail: string } => ({ noMail: serverMessages.memberResetNeedsContact });

  router.get(MEMBER_FORGOT_PASSWORD_PATH, async (req, res) => {
    const outcome = canEmailPasswordLinks(deps) ? null : noMail();
    await showForgot(req, res, { returnTo: memberReturnPath(req.query.returnTo), email: '', error: null, outcome, status: 200 });
  });

  router.post(MEMBER_FORGOT_PASSWORD_PATH, throttle, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const returnTo = memberReturnPath(body.returnTo);
    if (!canEmailPasswordLinks(deps)) {
      await showForgot(req, res, { returnTo, email: '', error: null, outcome: noMail(), status: 409 });
      return;
    }
    const form = forgotFormSchema.safeParse(body);
    if (!form.success) {
      const typed = typeof body.email === 'string' ? body.email.trim().slice(0, 256) : '';
      await showForgot(req, res, { returnTo, email: typed, error: serverMessages.memberForgotPasswordNotAnEmail, outcome: null, status: 400 });
      return;
    }
    // answered before anything is looked up, so neither the answer nor its time tells whether an account has the address
    await showForgot(req, res, { returnTo, email: '', error: null, outcome: { sent: serverMessages.memberResetLinkSent }, status: 200 });
    try {
      await links.send(form.data.email, (baseUrl, token) => memberResetLink(baseUrl, token, returnTo));
    } catch (error) {
      deps.log.error({ err: error }, serverMessages.passwordResetFailedLog);
    }
  });

  router.get(MEMBER_RESET_PASSWORD_PATH, async (req, res) => {
    const token = tokenOf(req.query.token);
    const returnTo = memberReturnPath(req.query.returnTo);
    // looked at, not used: the link is used by the form's post
    const state = token === '' ? 'unusable' : await new PasswordResetRepository(deps.store).state(resetTokenHash(token), Date.now());
    await showReset(req, res, { token, returnTo, error: null, invalid: state === 'current' ? null : state, status: state === 'current' ? 200 : 400 });
  });

  router.post(MEMBER_RESET_PASSWORD_PATH, throttle, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const token = tokenOf(body.token);
    const returnTo = memberReturnPath(body.returnTo);
    const form = resetFormSchema.safeParse(body);
    if (token !== '' && !form.success) {
      // a link that no longer works says so, not that the password is too short (nor whose it was)
      const state = await new PasswordResetRepository(deps.store).state(resetTokenHash(token), Date.now());
      if (state !== 'current') {
        await showReset(req, res, { token: '', returnTo, error: null, invalid: state, status: 400 });
        return;
      }
      await showReset(req, res, { token, returnTo, error: form.error.issues[0]?.message ?? null, invalid: null, status: 400 });
      return;
    }
    const hash = form.success ? await hashPassword(form.data.newPassword) : '';
    const use = token !== '' && form.success ? await setPasswordFromLink(deps.store, token, hash) : 'unusable';
    if (use !== 'changed') {
      await showReset(req, res, { token: '', returnTo, error: null, invalid: use, status: 400 });
      return;
    }
    // every session of the account ended with the old password: the member signs in with the new one
    res.redirect(303, `${memberSignInUrl(returnTo)}&${PASSWORD_CHANGED_PARAM}=1`);
  });

  return router;
}
