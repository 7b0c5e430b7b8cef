import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { currentSiteUserId } from '../api/cart-session.ts';
import { createSiteUserSignIn } from '../api/site-user-sign-in.ts';
import { serverMessages } from '../messages.ts';
import { knownMessageNow } from '../../client/lib/translated.ts';
import { HttpError } from '../security/http-error.ts';
import { MEMBER_SIGN_IN_PATH, memberForgotPasswordUrl, PASSWORD_CHANGED_PARAM, withQuery } from './member-account-paths.ts';
import { memberReturnPath, renderMemberFormPage } from './member-form-page.ts';
import type { PageRenderer } from './page-renderer.ts';

export { MEMBER_SIGN_IN_PATH, memberSignInUrl } from './member-account-paths.ts';

const signInFormSchema = z.object({
  email: z.string().trim().min(3).max(256),
  password: z.string().min(1).max(1024),
  // a ticked checkbox sends its value ("on" unless the page names one); an unticked one sends nothing
  rememberMe: z.string().max(64).optional(),
});

/**
 * GET shows the form (a member already signed in goes straight on); POST signs in with the same
 * check and back-off as the session call and answers 303 to the page the member wanted, or shows
 * the form again with what went wrong and the email typed.
 */
export function createMemberSignInPages(deps: AppDeps, pages: PageRenderer): Router {
  const router = Router();
  const signIns = createSiteUserSignIn(deps);

  async function showForm(req: Request, res: Response, form: { returnTo: string; email: string; error: string | null; notice?: string; status: number }): Promise<void> {
    await renderMemberFormPage(pages, req, res, {
      template: 'sign-in',
      title: serverMessages.memberSignInTitle,
      status: form.status,
      formName: 'signIn',
      action: withQuery(MEMBER_SIGN_IN_PATH, { returnTo: form.returnTo }),
      fields: {
        returnTo: form.returnTo,
        email: form.email,
        error: form.error,
        notice: form.notice ?? null,
        forgotPasswordUrl: memberForgotPasswordUrl(form.returnTo),
      },
    });
  }

  router.get(MEMBER_SIGN_IN_PATH, async (req, res) => {
    const returnTo = memberReturnPath(req.query.returnTo);
    if (currentSiteUserId(req) !== null) {
      res.redirect(303, returnTo);
      return;
    }
    const notice = req.query[PASSWORD_CHANGED_PARAM] === '1' ? serverMessages.memberPasswordChanged : undefined;
    await showForm(req, res, { returnTo, email: '', error: null, notice, status: 200 });
  });

  // an address past its failure budget is refused (429) before the form is read, as the session call does
  router.post(MEMBER_SIGN_IN_PATH, signIns.addressGuard, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const returnTo = memberReturnPath(body.returnTo);
    const typedEmail = typeof body.email === 'string' ? body.email.trim().slice(0, 256) : '';
    const form = signInFormSchema.safeParse(body);
    if (!form.success) {
      await showForm(req, res, { returnTo, email: typedEmail, error: serverMessages.memberSignInIncomplete, status: 400 });
      return;
    }
    try {
      await signIns.signIn(req, res, { email: form.data.email, password: form.data.password, rememberMe: form.data.rememberMe !== undefined });
    } catch (error) {
      // a wrong password or too many attempts: said on the form in the store's language (the call's
      // answer is English), the email kept (429 keeps its Retry-After)
      if (!(error instanceof HttpError) || (error.status !== 401 && error.status !== 429)) throw error;
      await showForm(req, res, { returnTo, email: typedEmail, error: knownMessageNow(error.message), status: error.status });
      return;
    }
    res.redirect(303, returnTo);
  });

  return router;
}
