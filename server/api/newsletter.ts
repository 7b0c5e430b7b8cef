import { Router } from 'express';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { FORM, NEWSLETTER } from '../../client/lib/messages.ts';
import { newsletterPayloadSchema } from '../../client/lib/validation.ts';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../security/http-error.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { parseShopperInput } from '../security/validation.ts';
import { confirmationNote, createMailingListSignUp } from './mailing-list-signup.ts';
import { activeCaptcha } from '../security/captcha-switch.ts';
import { storeRepositories } from './cart-session.ts';

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
    await mailingList.request({ email: payload.email, source: 'newsletter' });
    res.json({ message: NEWSLETTER.success, confirmation: confirmationNote(deps) });
  });
  return router;
}
