import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { MAILING_LIST_CONFIRM_PATH, createMailingListSignUp } from '../api/mailing-list-signup.ts';
import { serverMessages } from '../messages.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { PAGE_TYPE, type PageRenderer } from './page-renderer.ts';

const confirmQuerySchema = z.object({ token: z.string().min(1).max(2048) });

/** The page a mailing-list confirmation link opens: a valid link joins its address to the list. */
export function createMailingListPages(deps: AppDeps, pages: PageRenderer): Router {
  const router = Router();
  const signUps = createMailingListSignUp(deps);

  // a GET that changes state (the link comes from an email, so it cannot carry a crumb): throttled
  router.get(MAILING_LIST_CONFIRM_PATH, createRateLimiter(deps, 'mailingListConfirmation'), async (req, res) => {
    const query = confirmQuerySchema.safeParse(req.query);
    const confirmed = query.success && await signUps.confirm(query.data.token);
    await pages.render(req, res, {
      template: 'mailing-list-confirmation',
      pageType: PAGE_TYPE.PAGE,
      pageTitle: serverMessages.mailingListConfirmTitle,
      status: confirmed ? 200 : 400,
      context: {
        confirmation: {
          title: serverMessages.mailingListConfirmTitle,
          message: confirmed ? serverMessages.mailingListConfirmed : serverMessages.mailingListLinkInvalid,
        },
      },
    });
  });

  return router;
}
