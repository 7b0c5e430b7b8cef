import { Router } from 'express';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { FORM, NEWSLETTER } from '../../client/lib/messages.ts';
import { newsletterPayloadSchema } from '../../client/lib/validation.ts';
import type { AppDeps } from '../deps.ts';
import { RestockRepository } from '../db/restock-repository.ts';
import { HttpError } from '../security/http-error.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { parseShopperInput } from '../security/validation.ts';

/** The newsletter block: an email joins the mailing list. */
export function createNewsletterRouter(deps: AppDeps): Router {
  const router = Router();
  const mailingList = new RestockRepository(deps.db);
  router.post(API_PATHS.newsletter, createRateLimiter(deps, 'formSave', FORM.status429), async (req, res) => {
    const payload = parseShopperInput(newsletterPayloadSchema, req.body);
    const captcha = deps.options.captcha;
    if (captcha) {
      const token = payload.captchaToken ?? '';
      if (token === '' || !(await captcha.verify(token))) throw new HttpError(400, FORM.completeCaptcha);
    }
    mailingList.joinMailingList(payload.email, 'newsletter');
    res.json({ message: NEWSLETTER.success });
  });
  return router;
}
