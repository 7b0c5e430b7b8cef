import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { MAILING_LIST_CONFIRM_PATH, createMailingListSignUp } from '../api/mailing-list-signup.ts';
import { serverMessages } from '../messages.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { MAX_CONFIRMATION_TOKEN_LENGTH } from '../security/mailing-list-link.ts';
import { safeReturnPath } from '../security/return-path.ts';
import { PAGE_TYPE, type PageRenderer } from './page-renderer.ts';

const SHOP_PATH = '/shop';

const confirmQuerySchema = z.object({ token: z.string().min(1).max(MAX_CONFIRMATION_TOKEN_LENGTH) });

/** The page a mailing-list confirmation link opens: a valid link joins its address to the list. */
export function createMailingListPages(deps: AppDeps, pages: PageRenderer): Router {
  const router = Router();
  const signUps = createMailingListSignUp(deps);

  // a GET that changes state (the link comes from an email, so it cannot carry a crumb): throttled
  router.get(MAILING_LIST_CONFIRM_PATH, createRateLimiter(deps, 'mailingListConfirmation'), async (req, res) => {
    const query = confirmQuerySchema.safeParse(req.query);
    const confirmed = query.success ? await signUps.confirm(query.data.token) : null;
    // the link is signed, and the page checked again as one of this site's before it is linked to
    const signUpPage = safeReturnPath(confirmed?.page);
    await pages.render(req, res, {
      template: 'mailing-list-confirmation',
      pageType: PAGE_TYPE.PAGE,
      pageTitle: serverMessages.mailingListConfirmTitle,
      status: confirmed ? 200 : 400,
      context: {
        confirmation: {
          title: serverMessages.mailingListConfirmTitle,
          message: confirmed ? serverMessages.mailingListConfirmed : serverMessages.mailingListLinkInvalid,
          // ways on from a page opened out of an email, where Back leads nowhere on the site
          onward: [
            ...(signUpPage !== null && signUpPage !== SHOP_PATH ? [{ label: serverMessages.mailingListBackToSignUpPage, url: signUpPage }] : []),
            { label: serverMessages.mailingListBackToShop, url: SHOP_PATH },
          ],
        },
        // the visitor just joined: no footer sign-up offering the same list again. A link that did
        // not work keeps it, since its message asks them to sign up again.
        ...(confirmed ? { islands: { newsletter: '' } } : {}),
      },
    });
  });

  return router;
}
