import { Router } from 'express';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { FORM, NEWSLETTER } from '../../client/lib/messages.ts';
import { newsletterPayloadSchema } from '../../client/lib/validation.ts';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../security/http-error.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { parseShopperInput } from '../security/validation.ts';
import { safeReturnPath } from '../security/return-path.ts';
import { confirmationNote, createMailingListSignUp, MAILING_LIST_CONFIRM_PATH } from './mailing-list-signup.ts';
import { activeCaptcha } from '../security/captcha-switch.ts';
import { storeRepositories } from './cart-session.ts';

/**
 * The page the sign-up was made on, for its confirmation page to lead back to: a path on this
 * site, its query left out (it may hold a token, such as a password link's), and never the
 * confirmation page itself.
 */
function signUpPage(page: string | undefined): string | undefined {
  const path = safeReturnPath(page)?.split(/[?#]/)[0];
  return path === undefined || path === MAILING_LIST_CONFIRM_PATH ? undefined : path;
}

/** The newsletter block: an email asks to join the mailing list, and joins once confirmed by email. */
export function createNewsletterRouter(deps: AppDeps): Router {
  const router = Router();
  const mailingList = createMailingListSignUp(deps);
  router.post(API_PATHS.newsletter, createRateLimiter(deps, 'newsletter'), async (req, res) => {
    const payload = parseShopperInput(newsletterPayloadSchema, req.body);
    const captcha = await activeCaptcha(deps, storeRepositories(deps).site);
    if (captcha) {
      const token = payload.captchaToken ?? '';
      if (token === '' || !(await captcha.verify(token, 'newsletter_block'))) throw new HttpError(400, FORM.completeCaptcha);
    }
    // the address joins when its owner opens the confirmation link; the answer is the same whether
    // or not it was on the list already, so it tells nobody who subscribes
    await mailingList.request({ email: payload.email, source: 'newsletter', page: signUpPage(payload.page) });
    res.json({ message: NEWSLETTER.success, confirmation: confirmationNote(deps) });
  });
  return router;
}
