import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps.ts';
import { collectionContext } from './catalogue-pages.ts';
import { collectionDescriptionText } from './collection-description.ts';
import { PAGE_TYPE, type PageRenderer } from './page-renderer.ts';
import { isPlainPage, plainPageHtml } from './plain-page.ts';
import { requestContent } from './request-content.ts';

/**
 * The owner's own pages (an Impressum, an About page: added on the admin's Pages screen) at
 * /their-address, through the theme's template for a page (pages/URLID.page, else
 * collections/page.list). Asked after every other route, so no page shadows one of the store's;
 * an address no plain page has goes on to the 404.
 */
export function createPlainPages(deps: AppDeps, pages: PageRenderer, notFound: (req: Request, res: Response) => Promise<void>): Router {
  const router = Router();

  router.get('/:urlId', async (req, res, next) => {
    const { site } = requestContent(deps, req);
    const page = await site.collectionByUrlId(req.params.urlId);
    if (!page || !isPlainPage(page)) {
      next();
      return;
    }
    if (page.memberOnly) {
      await notFound(req, res);
      return;
    }
    await pages.render(req, res, {
      template: 'page',
      pageType: PAGE_TYPE.PAGE,
      pageTitle: page.title,
      seo: { description: collectionDescriptionText(page.description) },
      // the owner's text as escaped paragraphs with safe links, as the platform gives a page's content
      context: { collection: collectionContext(page), mainContent: plainPageHtml(page) },
    });
  });

  return router;
}
